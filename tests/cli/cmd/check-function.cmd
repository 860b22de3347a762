# --function keeps one graph of a .cfg file
args: check --function nested ../check/loop.cfg
status: 1
