# a barrier under a divergent branch: the barrier red, the branch blue, the
# edge between them orange; every other node plain, labelled with its name
# and, for the barriers, their line; exit status 1 as for the text
args: check -q --format dot ../cli/check/divergent.cfg
status: 1
