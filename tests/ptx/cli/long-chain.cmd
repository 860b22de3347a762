# a barrier 40 calls deep: 15 calls shown, the other 25 counted
args: check long-chain.ptx
status: 1
