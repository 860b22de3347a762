# the same .func, its address also called through a pointer: its calls by
# name are not all the ways to it, and its finding is an ordinary divergence
args: check after-exit-pointer.ptx
status: 1
