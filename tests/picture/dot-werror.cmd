# -Werror: the tooltip says error, and the exit status is 3 as for the text
args: check -q -Werror --format dot ../cli/check/divergent.cfg
status: 3
