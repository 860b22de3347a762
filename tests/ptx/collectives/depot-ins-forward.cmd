# what a .func reads of its caller's local memory through the reference
# that cuda::std::forward (a pass-through of its one parameter) returns:
# sum_uniform does not warn; sum_thread (the thread's index) and
# bump_uniform (the callee stores the thread's index through the forwarded
# reference before it reads) do
args: check depot-ins-forward.ptx
status: 1
