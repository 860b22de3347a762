# a partitioned warp's member mask passed down to the .funcs that use it (as
# nvcc -G leaves cooperative groups' tile operations): their collectives are
# judged for the tile in each calling context, with what the helpers return
# the same in a tile
args: check tile-span-call.ptx
status: 1
