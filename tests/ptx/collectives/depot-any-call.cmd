# a call through a register the caller passes may run get_parity, whose
# address the file takes: its parameter is not followed, and the load after
# the call warns
args: check depot-any-call.ptx
status: 1
