# calls.cu compiled by nvcc -G (nothing inlined, no -lineinfo added): the
# same findings as at -O3
requires: nvcc
args: check calls.cu -- -G
status: 1
