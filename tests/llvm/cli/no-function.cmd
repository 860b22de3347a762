# --function names no defined function
args: analyze --function nope ../ir/helpers.ll
status: 2
