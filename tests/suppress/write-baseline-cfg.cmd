# two findings with the same line: two entries
args: check -q -o {tmp}/report --write-baseline {tmp}/baseline count.cfg
status: 1
output: {tmp}/baseline
