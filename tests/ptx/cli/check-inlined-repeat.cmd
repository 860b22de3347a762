# inlined_at chains that come back to a position (a template calling
# itself at one line) and whose links are far apart: every finding at the
# kernel's line, with the note naming the helper called there (docs/ptx.md,
# "Positions"), the three shuffles there one finding (docs/check.md,
# "Copies of one barrier"); exit 1
args: check --block-size 64 check-inlined-repeat.ptx
status: 1
