# --color=always: clang's colours (bold position, magenta warning, cyan
# note, green caret) also when the report does not go to a terminal
args: check --cuda-compiler clang --color=always caret.cu
status: 1
