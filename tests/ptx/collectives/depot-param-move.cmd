# a helper reading the second field of a pair it is given by reference,
# called with ten pairs of one kernel's depot: its parameter moved by 4
# keeps the ten exact offsets, reads no part of the address the depot
# keeps, and the kernel's flag copied through the depot does not warn
# (pairs), also where a recursive .func steps its own parameter each
# round (walker); the twin also gives the helper the word before the kept
# address, and warns (pair_part)
args: check depot-param-move.ptx
status: 1
