# a shuffle from lane 0 in a .func whose mask and clamp come from its
# parameters (nvcc -G's __shfl_sync): a broadcast only in the calling
# context that passes the full mask and the width 32
args: check width-broadcast-call.ptx
status: 1
