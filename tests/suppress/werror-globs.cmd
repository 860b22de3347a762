# --warnings-as-errors with clang-tidy's globs: the collective rules but
# collective-argument
# needs clang-19
args: check --cuda-compiler clang --warnings-as-errors=collective-*,-collective-argument rules.cu
status: 3
