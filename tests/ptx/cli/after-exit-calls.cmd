# a .func's barrier that only threads that return skip, called last: after
# exit where that call is the only way to it (once), an ordinary divergence
# where two kernels call it (twice)
args: check after-exit-calls.ptx
status: 1
