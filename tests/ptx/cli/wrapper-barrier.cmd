# a header .func whose only work is a barrier (as nvcc -G keeps cooperative
# groups' sync()): judged and reported at each call, as if inlined there
args: check wrapper-barrier.ptx
status: 1
