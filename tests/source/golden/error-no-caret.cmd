# --no-caret reaches the compiler too
args: check --cuda-compiler clang --no-caret error.cu
status: 2
