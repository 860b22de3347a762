# a call through a register may run sync_all, whose address the file
# takes: under a branch on the thread it is reported at the call, as a
# barrier
args: check indirect-call.ptx
status: 1
