# the collectives in JSON: states for their group, causes, the assumption
args: check --format json --function stride ../ir/collectives_warp.ll
status: 1
