# .loc ... inlined_at: positions at the call in the kernel's file, not in
# the header (docs/ptx.md, "Positions"); exit 1
args: check check-inlined.ptx
status: 1
