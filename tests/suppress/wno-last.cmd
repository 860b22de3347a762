# of -Wno-X and -WX the last wins
# needs clang-19
args: check --cuda-compiler clang -Wno-barrier-divergence -Wno-collective-argument -Wbarrier-divergence rules.cu
status: 1
