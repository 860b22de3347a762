# addresses that go nowhere: isspacep tests the kept address (spaces),
# vprintf reads the depot's argument buffer (printed), a .func's second
# returned reference is followed into its caller (pair_refs): none opens
# the depot, and none warns; a function without a body given the buffer
# (logged) and the high word of a returned address (high_word) open it,
# and warn
args: check depot-system-calls.ptx
status: 1
