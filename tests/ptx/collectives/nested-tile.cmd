# a tile of 16 made from a run-time tile of 32 and handed on as a
# thread_group: the type's bits are known though the word's others are not,
# and lane by lane the edge that keeps the parent's mask is never taken (no
# warning); twins with a tile aligned to 8 and a type from a parameter warn
args: check nested-tile.ptx
status: 1
