# a phi that reads a value of a thread-dependent way round a loop on the
# edge that leaves it, in a block inside the same loop: divergent
args: check --no-caret exit-phi-in-loop.ll
status: 1
