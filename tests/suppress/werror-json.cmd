# an error has "level": "error" in JSON
# needs clang-19
args: check --cuda-compiler clang -Werror=barrier-divergence -Werror=collective-argument --format json rules.cu
status: 3
