# what a .func leaves in its caller's local memory through a pointer
# parameter, itself or through a function it passes the pointer on to: the
# kernels whose load after the call reads a uniform value do not warn; the
# twins (thread index stored, the place written again by the caller or a
# second call, a later store in the callee, a store on one way of the
# callee, a read before the call, a store after the call passed on) do
args: check depot-outs.ptx
status: 1
