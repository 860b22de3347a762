# -Wno-collective-divergence hides that rule's findings only
# needs clang-19
args: check --cuda-compiler clang -Wno-collective-divergence rules.cu
status: 1
