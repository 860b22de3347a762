# the baseline silences the findings it was written from
# needs clang-19
args: check --cuda-compiler clang --baseline write-baseline.out base.cu
status: 0
