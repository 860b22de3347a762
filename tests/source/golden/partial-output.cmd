# -o: the report of the inputs that were checked is written all the same
args: check --cuda-compiler clang --no-caret -o {tmp}/report.txt error.cu caret.cu
output: {tmp}/report.txt
status: 2
