# IR of tests/ptx/cli/copies.cu through clang-19 -O2: five copies of the
# shuffle are one warning; the barrier's two causes, the loop's guard and
# latch at one position, one note (docs/check.md, "Copies of one barrier")
args: check copies.ll
status: 1
