# a call through a register may run lane_sum, a full-mask shuffle, whose
# address the file takes: under a branch on the thread it is reported at
# the call, as a call that reaches the warp's collectives
args: check indirect-shfl.ptx
status: 1
