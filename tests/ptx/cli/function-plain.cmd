# --function with the kernel's name as the source writes it (kernel), not
# mangled (_Z6kernelPiPf)
args: check --format json --function kernel overloads.ptx
status: 0
