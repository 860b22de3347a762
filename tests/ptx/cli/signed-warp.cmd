# int tid / 32 as nvcc writes a signed division (the sign shifted down and
# added): the same in a warp, as threadIdx.x is not negative; tid & 31 is not
args: check signed-warp.ptx
status: 1
