# the baseline and the report cannot go to one file
args: check -o {tmp}/out --write-baseline {tmp}/out count.cfg
status: 2
absent: {tmp}/out
