# --no-caret: the warnings and notes alone
args: check --cuda-compiler clang --no-caret caret.cu
status: 1
