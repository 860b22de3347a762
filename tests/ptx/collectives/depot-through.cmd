# a constructor that stores, unchanged, what its caller passed (nvcc -G's
# dim3(threadIdx)): the field read back is a copy of what was passed, in the
# warp's view too: copy3 and copy1 do not warn; mask_imm (a full mask known
# only so), inc1, low_bit and rewritten do
args: check depot-through.ptx
status: 1
