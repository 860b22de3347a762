# a call through a register the caller passes may run any function: no
# .func parameter is followed in the file, and the load after the call
# warns
args: check depot-any-call.ptx
status: 1
