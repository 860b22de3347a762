# a partitioned warp's member mask passed to .funcs that shuffle with it (as
# nvcc -G calls the toolkit's __shfl_down_sync): the tile's mask agrees in
# its calling contexts, masks that are no tile's do not
args: check tile-mask-call.ptx
status: 1
