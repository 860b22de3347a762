# one source that does not compile among others: its error, the others'
# findings all the same, exit status 2
args: check --cuda-compiler clang --no-caret error.cu caret.cu missing.cu helper.cu
status: 2
