# analyze lists the collectives with their states
args: analyze --function stride ../ir/collectives_warp.ll
