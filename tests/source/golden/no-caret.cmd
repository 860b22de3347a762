# --no-caret: the warnings and notes alone
args: check --no-caret caret.cu
status: 1
