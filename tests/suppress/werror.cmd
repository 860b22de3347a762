# -Werror: every finding an error, exit 3
# needs clang-19
args: check --cuda-compiler clang -Werror rules.cu
status: 3
