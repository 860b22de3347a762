# warpSize as nvcc writes it (WARP_SZ) is 32: tid.x / WARP_SZ is the same in
# a warp, tid.x % WARP_SZ is not, whether a mov writes WARP_SZ into a
# register first or the division names it as its operand
args: check warp-sz.ptx
status: 1
