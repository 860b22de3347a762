# bad_syntax: bad_syntax.spvasm: an unknown opcode (OpFrobnicate) on line 5.
args: analyze bad_syntax.spvasm
status: 2
