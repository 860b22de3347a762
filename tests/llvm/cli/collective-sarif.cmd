# the rules collective-divergence and collective-argument
args: check --format sarif --function masks ../ir/collectives_warp.ll
status: 1
