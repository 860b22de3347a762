# a finding of each rule, for the -W cases
# needs clang-19
args: check --cuda-compiler clang rules.cu
status: 1
