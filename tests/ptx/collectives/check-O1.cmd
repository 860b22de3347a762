# warp.cu at -O1: the first-warp reduction, whole warps, a broadcast and a
# grid-stride loop to a multiple of 32 are fine; __syncwarp for lane 0, a
# ballot under a branch on data, a shuffle in a block-stride loop and a call
# of a helper that shuffles, under a lane-dependent branch, are not; a mask
# that differs between lanes is an argument; register masks: no reach check
args: check warp.O1.ptx
status: 1
