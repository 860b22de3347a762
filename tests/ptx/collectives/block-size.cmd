# rows of 48 threads: tid.x >> 5 is no longer the same in a warp; tid.x / 32
# < 3 holds in every thread (tid.x is below 48)
args: check --block-size 48,2 --function whole_warps warp.O1.ptx
status: 1
