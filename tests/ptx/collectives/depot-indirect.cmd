# a file with a call through a register: a .func called by name still gets
# the depot address its caller passes, and its store there is seen (the
# barrier under what the kernel reads back warns)
args: check depot-indirect.ptx
status: 1
