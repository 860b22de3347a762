# a field of what a pass-through returns, for more callers' records than a
# moved address keeps: its offsets stay exact, the load does not read the
# pointer kept beside them in part, and fields does not warn; fields_tid,
# which keeps the thread's index where it branches, does
args: check depot-result-field.ptx
status: 1
