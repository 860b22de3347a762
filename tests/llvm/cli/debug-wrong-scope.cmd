# invalid debug info (a !dbg in another function's subprogram): a warning,
# the graphs without source positions, exit 0, nothing else on stderr
args: check ../ir/debug-wrong-scope.ll
status: 0
