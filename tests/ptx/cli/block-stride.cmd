# the grid-stride loop of cuCollections' kernels: idx - threadIdx.x
# cancels (row: no warning); idx - rank, rank cooperative groups'
# thread_rank(), cancels only in a block of one row, which nothing says
# here: the barrier of rows is reported (docs/check.md, "Affine bounds")
args: check block-stride.ptx
status: 1
