# a barrier in a header's inline helper: at the call, with a note naming it
args: check --cuda-compiler clang helper.cu
status: 1
