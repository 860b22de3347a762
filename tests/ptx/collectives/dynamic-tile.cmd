# tiles that tiled_partition(parent, n) makes at run time: the mask's
# length, min(size() - base, n), is n when the block's x size is a whole
# number of warps; its twins take the size from a parameter or leave a
# dimension out of it, and warn
args: check dynamic-tile.ptx
status: 1
