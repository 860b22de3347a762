# validate: --validate runs SPIRV-Tools' validator as well: invalid.spvasm's
# OpIAdd of a float, which the reader does not rely on, is an error with the
# validator's message at the instruction's line
args: analyze --validate invalid.spvasm
status: 2
