# NOLINT for one rule leaves another rule's finding on the same line; /*
# NOLINT */; NOLINTNEXTLINE; NOLINTBEGIN/END
# needs clang-19
args: check --cuda-compiler clang nolint.cu
status: 1
