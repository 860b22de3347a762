# analyze lists the collectives with their states
args: analyze --function stride warp.O1.ptx
