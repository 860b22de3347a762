# what a .func reads of an object nothing has written yet (an indeterminate
# value, the same in every thread) and of bytes it has not written itself:
# fresh and first_then_k do not warn; stale, loop_put, loop_self and
# alias_write (the thread's index stored there first) do
args: check depot-fresh.ptx
status: 1
