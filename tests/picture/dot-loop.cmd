# barriers in loops (tests/cli/check/loop.cfg)
args: check -q --format dot ../cli/check/loop.cfg
status: 1
