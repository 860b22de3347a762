# -o FILE: the same picture, written whole or not at all
args: check -q --format dot -o {tmp}/bug.dot ../cli/check/divergent.cfg
status: 1
output: {tmp}/bug.dot
