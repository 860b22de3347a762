# invalid: invalid.spvasm: assembles, but spirv-val rejects it (an OpIAdd of
# a float); nothing the reader relies on, so it is read (docs/spirv.md)
args: analyze invalid.spvasm
status: 0
