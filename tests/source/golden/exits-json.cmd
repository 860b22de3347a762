# the same in JSON: "after_exit" with where the threads go
args: check --cuda-compiler clang --format json exits.cu
status: 1
