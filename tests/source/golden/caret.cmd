# a source line and a caret after each warning and note, as clang shows them:
# tabs to stops of 8, a wide character in two columns
args: check --cuda-compiler clang caret.cu
status: 1
