# check-inlined-chain.ptx in JSON: "inlined" on the barrier and the shuffle
args: check --format json --block-size 64 check-inlined-chain.ptx
status: 1
