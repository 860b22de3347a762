# DWARF's places of a kernel's depot variables: a store through an address
# moved by an amount not known stays in its variable, so an array written
# at tid & 3 leaves an object's mask -1 alone (no warning); twins whose depot
# DWARF does not describe (written at an index loaded from memory), or
# whose store moves the object's own address, warn
args: check depot-vars.ptx
status: 1
