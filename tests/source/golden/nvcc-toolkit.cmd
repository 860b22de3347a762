# CUDA with the toolkit's headers (CUB, cooperative groups, half, float4,
# math, printf, assert), compiled by nvcc to PTX: the two barriers and the
# shuffle that only some threads reach, at the user's lines
requires: nvcc
args: check toolkit.cu
status: 1
