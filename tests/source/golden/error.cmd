# a compile error: clang's own message, snippet and all, exit 2, no report
args: check --cuda-compiler clang --color=never error.cu
status: 2
