# a partitioned warp's tile as nvcc -G builds it: a constructor calls the
# base class's, both set bit fields of word 0, the derived one the rank in
# word 1; the kernel copies the tile 8 bytes at a time and reads the rank
# back as 4 bytes of the copy: rank_ok and rank_one (the warp's index) do
# not warn, rank_lane (the lane's) does
args: check depot-tile.ptx
status: 1
