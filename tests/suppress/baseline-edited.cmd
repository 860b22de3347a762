# a finding whose line changed is new, and so is a second finding with the
# same line
# needs clang-19
args: check --cuda-compiler clang --baseline write-baseline.out edited.cu
status: 1
