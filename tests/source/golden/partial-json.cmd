# the same in JSON: the graphs of the inputs that were checked, then
# "errors" with the ones that were not
args: check --cuda-compiler clang --format json error.cu caret.cu missing.cu
status: 2
