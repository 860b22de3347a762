# nonconst_scope: nonconst_scope.spvasm: an OpControlBarrier (line 23) whose execution scope
args: analyze nonconst_scope.spvasm
status: 2
