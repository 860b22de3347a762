# a call through a register that is only ever 0 runs no function: what a
# call leaves in the kernel's depot is still followed (no warning)
args: check depot-null-call.ptx
status: 0
