# -W names no rule
args: check -W count.cfg
status: 2
