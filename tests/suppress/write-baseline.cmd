# --write-baseline writes the findings: rule, function, source line, where
# needs clang-19
args: check --cuda-compiler clang -q -o {tmp}/report --write-baseline {tmp}/baseline base.cu
status: 1
output: {tmp}/baseline
