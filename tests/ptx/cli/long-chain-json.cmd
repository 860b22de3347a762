# the same in JSON: the innermost 31 calls and the kernel's, 8 omitted
args: check --format json long-chain.ptx
status: 1
