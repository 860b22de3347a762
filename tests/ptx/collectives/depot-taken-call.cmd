# a call through a register may run only a function whose address the file
# takes: get_parity's parameter is followed (direct: no warning),
# parity_taken's, named in a variable's initializer, is not (taken warns)
args: check depot-taken-call.ptx
status: 1
