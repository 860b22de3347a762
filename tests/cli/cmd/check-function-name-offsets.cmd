# PTX function_name LABEL+N with N >= 2^32 or negative names no helper
# (it was read as +0: 'block_sync'); +6 names 'sync'; exit 1
args: check ../check/function-name-offsets.ptx
status: 1
