# invalid: invalid.spvasm: assembles, but spirv-val rejects it: the OpIAdd on line
args: analyze invalid.spvasm
status: 2
