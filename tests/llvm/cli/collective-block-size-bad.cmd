# a block size that is not one
args: check --block-size 32,0 ../ir/collectives_warp.ll
status: 2
