# a kernel's by-value object parameter kept in local memory and passed on
# as nvcc -G passes a lambda's captures: loops on its count and on a bound
# read through its pointer member are uniform (no warning), also beside a
# kernel whose depot address escapes and a floating-point add that reads a
# slot holding an address; the twins whose count is the thread's index,
# whose pointer points at the thread's own local memory, or whose depot
# escapes warn
args: check depot-args.ptx
status: 1
