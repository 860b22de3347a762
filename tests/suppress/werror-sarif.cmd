# an error has level error in SARIF
# needs clang-19
args: check --cuda-compiler clang --warnings-as-errors --format sarif rules.cu
status: 3
