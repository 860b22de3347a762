# no_terminator: a block without a terminator: an error at its label
args: analyze no_terminator.spvasm
status: 2
