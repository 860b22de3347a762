# branch_target: a branch to a block of another function: an error
args: analyze branch_target.spvasm
status: 2
