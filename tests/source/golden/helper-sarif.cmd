# the inlined helper in SARIF: a related location after the branches
args: check --cuda-compiler clang --format sarif helper.cu
status: 1
