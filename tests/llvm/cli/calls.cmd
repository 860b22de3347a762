# IR with calls of functions that are not inlined: a barrier judged in
# every calling context, at its own line with its calls; a call whose
# result the callee makes uniform; a function no kernel calls
args: check calls.ll
status: 1
