# a loop with a thread-dependent exit that leaves straight into the header
# of a uniform loop with a barrier (no preheader between): reported only
# where the header's phi takes a value that changes with the first loop's
# iterations (issue 37, item 5)
args: check --no-caret loop-exit-header.ll
status: 1
