# -Werror=RULE, and -Wno-error=RULE after -Werror
# needs clang-19
args: check --cuda-compiler clang -Werror -Wno-error=barrier-divergence -Wno-error=collective-divergence rules.cu
status: 3
