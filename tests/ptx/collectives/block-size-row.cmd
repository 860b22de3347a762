# one row of 48 threads: the warps are runs of tid.x still
args: check --block-size 48 --function whole_warps warp.O1.ptx
