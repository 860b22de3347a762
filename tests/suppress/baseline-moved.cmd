# lines inserted above the findings and blanks changed: the baseline still
# matches
# needs clang-19
args: check --cuda-compiler clang --baseline write-baseline.out moved.cu
status: 0
