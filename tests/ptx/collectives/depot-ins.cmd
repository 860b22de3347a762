# what a .func reads of its caller's local memory through a pointer
# parameter, itself or through a function it passes the pointer on to: the
# kernels whose callee reads a uniform value before anything may write
# there (calls that write nothing there or other bytes included) do not
# warn; the twins (thread index stored, stored again last, a store or a
# call that stores there in the callee before its load, a store on one way
# of a divergent branch in the caller) do
args: check depot-ins.ptx
status: 1
