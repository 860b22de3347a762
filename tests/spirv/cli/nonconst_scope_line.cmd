# nonconst_scope_line: nonconst_scope.spvasm assembled to a binary, with an OpString and an OpLine before its barrier: the error names the function and the line in force
args: check nonconst_scope_line.spv
status: 2
