# a call that passes fewer arguments than its .func has parameters: the
# parameter nothing is passed for may hold anything, so the barrier it
# guards is reported in that calling context
args: check call-mismatch.ptx
status: 1
