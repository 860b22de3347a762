# depot-span-index.ptx's kernels where __assert_fail has a body, as nvcc
# -G defines it (a call of __assertfail, then ret): in_span does not warn,
# past_span warns
args: check depot-span-index-defined.ptx
status: 1
