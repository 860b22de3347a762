# --no-caret reaches the compiler too
args: check --no-caret error.cu
status: 2
