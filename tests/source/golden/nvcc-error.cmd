# nvcc's own errors, written file:line:col (the column found from nvcc's
# caret in the file, past the tab), and a note naming the compiler
requires: nvcc
args: check --color=never error.cu
status: 2
