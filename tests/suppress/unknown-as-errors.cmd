# an unknown rule in --warnings-as-errors
args: check --warnings-as-errors=barrier-divergence,colective-argument count.cfg
status: 2
