# one row of 48 threads: the warps are runs of tid.x still
args: check --block-size 48 --function whole_warps ../ir/collectives_warp.ll
