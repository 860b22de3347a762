# warp.cu at -O0 (variables in the local depot): the verdicts of -O1
args: check warp.O0.ptx
status: 1
