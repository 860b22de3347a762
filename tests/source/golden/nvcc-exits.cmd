# the same through nvcc: the same rules
requires: nvcc
args: check --no-caret exits.cu
status: 1
