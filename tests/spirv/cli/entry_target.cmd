# entry_target: a branch back to the function's first block: an error
args: analyze entry_target.spvasm
status: 2
