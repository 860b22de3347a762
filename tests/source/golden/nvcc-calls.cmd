# calls.cu compiled by nvcc (-O3 device code, __noinline__ kept): the same
# findings as through clang
requires: nvcc
args: check calls.cu
status: 1
