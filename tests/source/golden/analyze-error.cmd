# analyze: a compile error is clang's message and exit 2, no report
args: analyze --cuda-compiler clang --color=never --no-caret error.cu
status: 2
