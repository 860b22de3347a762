# DWARF's sizes of a kernel's depot variables: a word of an 8-byte variable
# read at an index loaded from memory stays in it and does not read part of the address kept
# just past it, so the mask loaded through that address is -1 (no warning:
# a structure's size through a typedef and a const, an int[2]); twins whose
# variable's type has no size or which has no type (each warns)
args: check depot-var-sizes.ptx
status: 1
