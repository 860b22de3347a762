# a kernel argument copied into the depot a byte at a time and read back a
# word at a time, in the kernel and by a helper that two kernels call with
# their own copies: the argument, the same in every thread (word, pass_a,
# pass_b do not warn); a byte of the thread's index, or the bytes in
# another order (word_tid, swapped, pass_tid) warn
args: check --no-caret depot-arg-bytes.ptx
status: 1
