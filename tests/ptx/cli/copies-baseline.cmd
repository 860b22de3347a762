# one baseline entry takes the one finding that the five copies of a
# barrier make, and the counts count findings, not copies: 2 found, 1 in
# the baseline (docs/check.md, "Copies of one barrier")
args: check --no-caret --baseline copies.baseline copies.ptx
status: 1
