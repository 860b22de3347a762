# a constant mask passed to .funcs that synchronise with it: judged in each
# calling context for the lanes it names, reached by all or by half of them
args: check tile-reach-call.ptx
status: 1
