# a file with a call through a register: every object passed to a call is
# open, so the store that a .func called by name makes through the pointer
# its caller passed is not missed (the barrier under what the kernel reads
# back warns)
args: check depot-indirect.ptx
status: 1
