# no baseline is written when an input could not be checked: its findings
# would be missing from it
args: check --cuda-compiler clang --no-caret --write-baseline {tmp}/base.txt error.cu caret.cu
absent: {tmp}/base.txt
status: 2
