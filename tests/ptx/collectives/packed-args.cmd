# words that pack a kind the same in every thread beside the thread's
# index, passed by value to helpers that test the kind: as two halves, as a
# vector of bytes, as a word put together from halves in a 16-byte argument
# (halves, bytes, wide do not warn); the twins that test the index's part
# (halves_tid, bytes_tid, wide_tid) warn
args: check --no-caret packed-args.ptx
status: 1
