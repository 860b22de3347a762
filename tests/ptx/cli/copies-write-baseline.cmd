# --write-baseline writes an entry per finding: one for the five copies of
# the barrier, one for the five of the shuffle
args: check -q --write-baseline - -o {tmp}/report.txt copies.ptx
status: 1
