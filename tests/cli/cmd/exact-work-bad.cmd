# --exact-work takes a whole number
args: check --exact-work -3 exact-work.cfg
status: 2
