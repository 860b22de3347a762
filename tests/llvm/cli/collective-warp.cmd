# warp collectives: the first-warp reduction and whole-warp tests are fine; a
# ballot under a data-dependent branch, __syncwarp under a lane-0 test, a
# shuffle in a block-stride loop and a call of a helper that shuffles, under
# a lane-dependent branch, are not; a lane-dependent mask is an argument
args: check ../ir/collectives_warp.ll
status: 1
