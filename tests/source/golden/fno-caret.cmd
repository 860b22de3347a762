# clang's spelling of --no-caret; -fcaret-diagnostics after it turns them on again
args: check --cuda-compiler clang -fno-caret-diagnostics caret.cu -fcaret-diagnostics
status: 1
