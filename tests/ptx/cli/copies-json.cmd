# the copies in JSON: every barrier and collective listed with its state,
# the finding (causes, after_exit) on the first, the others naming it by
# its place in the array (merged_into)
args: check --format json copies.ptx
status: 1
