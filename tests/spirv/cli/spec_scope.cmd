# spec_scope: spec_scope.spvasm: an OpControlBarrier (line 25) whose execution scope is
args: analyze spec_scope.spvasm
status: 2
