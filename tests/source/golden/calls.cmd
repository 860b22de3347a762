# a barrier in a function that is not inlined: at its own line, the calls
# that lead to it as notes; a result the callee makes uniform decides no
# divergence; a function no kernel calls is checked on its own
args: check --cuda-compiler clang calls.cu
status: 1
