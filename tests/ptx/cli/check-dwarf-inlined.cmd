# code nvcc -G inlines with no inlined_at on its .loc lines, placed by the
# DW_TAG_inlined_subroutine entries of .debug_info: each finding at the
# kernel's call, the barrier's note naming the function inlined there
# (docs/ptx.md, "Positions"); exit 1
args: check --block-size 64 check-dwarf-inlined.ptx
status: 1
