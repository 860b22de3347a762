# a NOLINTEND that closes nothing, or closes a NOLINTBEGIN of another list,
# and a NOLINTBEGIN left open: errors, no report, exit 2
# needs clang-19
args: check --cuda-compiler clang unmatched.cu
status: 2
