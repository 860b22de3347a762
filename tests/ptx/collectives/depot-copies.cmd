# an object in the kernel's depot whose address is kept in a slot (nvcc -G,
# CUB inlined): a register stored there, written once, by a store that
# comes before the load on every path with no other store of the location
# on the ways between them, is what the load reads; so the first warp's
# shuffle and the barriers under block-uniform values are ok, half a warp's
# shuffle warns, and so does each twin (the store under a branch, the
# register written twice, the load first in a loop, another store between)
args: check depot-copies.ptx
status: 1
