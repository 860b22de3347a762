# a tile's mask passed to .funcs that synchronise the tile: judged in each
# calling context for the caller's tile, reached whole or by half of it
args: check tile-reach-call.ptx
status: 1
