# a helper taking a const int & that a kernel calls with ten temporaries of
# its depot: read at ten exact offsets, it reads no part of the address the
# depot keeps, and the kernel's flag copied through the depot does not warn
# (ten); the twin gives it the kept address too, and warns (part)
args: check depot-join-offs.ptx
status: 1
