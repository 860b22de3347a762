# --function with a name no function has, mangled or plain
args: check --function g overloads.ptx
status: 2
