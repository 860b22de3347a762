# error: in clang's colour (bold red)
# needs clang-19
args: check --cuda-compiler clang --color always -Werror=barrier-divergence rules.cu
status: 3
