# an unknown rule is an error, with the rule it is close to
args: check -Wno-barrier-divergance count.cfg
status: 2
