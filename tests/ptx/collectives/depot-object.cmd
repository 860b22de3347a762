# an object in the local depot whose address is kept in a slot and passed
# to .funcs (nvcc -G): the mask a constructor stores through `this` is -1
# wherever the member that shuffles reads it (no warning); its twins store
# the thread's index there too, or write the object at an offset a
# parameter gives, and warn; two constructor calls with two constants leave
# the member the second, the same in every lane (no warning)
args: check depot-object.ptx
status: 1
