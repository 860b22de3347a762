# a chain of inlined helpers in PTX: the barrier at the kernel's line, the
# note naming the helper called there (docs/ptx.md, "Positions"); a shuffle
# of an inlined helper gets its note too; exit 1
args: check --block-size 64 check-inlined-chain.ptx
status: 1
