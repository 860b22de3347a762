# spir64's byval struct argument: a field the kernel does not write is the
# same in every thread; one it writes with the thread's index is not
args: check --no-caret ../ir/byval.ll
status: 1
