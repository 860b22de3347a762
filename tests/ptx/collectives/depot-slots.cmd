# a depot whose address escapes keeps as registers the slots only their
# own direct stores write (counted: no warning; counted_tid,
# counted_written: warn); clang -O0's or.b64 of a local's address below
# the depot's alignment is a sum (bit: no warning; misaligned: warns)
args: check depot-slots.ptx
status: 1
