# the same in SARIF: the results, and the run's invocation not successful,
# with a tool execution notification per input not checked
args: check --cuda-compiler clang --format sarif error.cu caret.cu missing.cu
status: 2
