# a collective whose finding is suppressed is not in the JSON report; one
# whose argument's is keeps no argument
# needs clang-19
args: check --cuda-compiler clang -Wno-collective-divergence -Wno-collective-argument --format json rules.cu
status: 1
