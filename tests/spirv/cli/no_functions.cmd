# no_functions: no_functions.spvasm: a valid module without a single function body: one
args: analyze no_functions.spvasm
status: 0
