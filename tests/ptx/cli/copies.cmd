# five copies of a barrier (nvcc unrolled its loop), four of which some
# threads skip without leaving the kernel: one warning, of rule
# barrier-divergence, with the loop's branch once; five copies of a
# shuffle, all after exit: one warning of collective-after-exit
# (docs/check.md, "Copies of one barrier")
args: check copies.ptx
status: 1
