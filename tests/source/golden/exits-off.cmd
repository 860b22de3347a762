# -Wno-barrier-after-exit silences that class alone
args: check --cuda-compiler clang --no-caret -Wno-barrier-after-exit -Wno-collective-after-exit exits.cu
status: 1
