# -Werror changes the exit status from 1 to 3
args: check -Werror count.cfg
status: 3
