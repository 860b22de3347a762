# a store of local memory followed by a move of %tid.x: what is stored
# there is the thread's index, and the barrier under the value read back
# warns
args: check depot-store-rec.ptx
status: 1
