# an object in the kernel's depot whose address is kept in a slot (nvcc -G,
# CUB inlined): a register stored there once, written once, by a store that
# comes before the load on every path, is what the load reads; so the first
# warp's shuffle and the barrier under a block-uniform value are ok, half a
# warp's shuffle warns; the twins (the store under a branch, two stores, the
# register written twice) warn
args: check depot-copies.ptx
status: 1
