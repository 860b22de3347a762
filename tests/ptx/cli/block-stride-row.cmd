# --block-size 128: the block is one row (tid.y, tid.z are 0), rank is
# threadIdx.x and idx - rank cancels: nothing reported
args: check --block-size 128 block-stride.ptx
status: 0
