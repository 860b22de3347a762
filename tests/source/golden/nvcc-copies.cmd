# the copies that nvcc's unrolling makes, compiled here: one warning for
# the barrier's five, one for the shuffle's five (tests/ptx/cli/copies.cmd
# has the PTX)
requires: nvcc
args: check --no-caret ../../ptx/cli/copies.cu
status: 1
