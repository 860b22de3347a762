# an unknown rule close to none
args: check -Wfoo count.cfg
status: 2
