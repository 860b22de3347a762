# a tile's mask from a signed lane / 16 * 16, as CUB computes it (nvcc's
# rounding towards zero with shr.s32 and shr.u32): each lane's own half of
# the warp; the twin rounds lane + 8 and warns
args: check signed-tile.ptx
status: 1
