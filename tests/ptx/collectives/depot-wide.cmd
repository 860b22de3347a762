# a .func whose pointer parameter gets the depot addresses of 36 callers,
# fewer than the analysis of local memory follows in one value: no depot
# is open, and the loops on counts kept in depots (one of them passed to
# the .func too) are uniform
args: check depot-wide.ptx
status: 0
