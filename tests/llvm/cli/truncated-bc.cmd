# bitcode cut short
args: analyze truncated.bc
status: 2
