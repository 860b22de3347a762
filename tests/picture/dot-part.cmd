# a graph over the budget (323 nodes): the part around the finding, the
# paths from the branch to the barrier and the nodes next to them, with a
# dashed edge to a "…" node where edges leave the part; the title says so
args: check -q --format dot ladder.cfg
status: 1
