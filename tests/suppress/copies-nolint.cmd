# one NOLINT comment silences the one finding that the five copies of a
# barrier make (docs/check.md, "Copies of one barrier"): PTX whose .file
# names copies.cu, which is read from this folder (NOLINT on line 9)
args: check ../ptx/cli/copies.ptx
status: 1
