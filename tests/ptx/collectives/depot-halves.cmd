# an 8-byte load of a depot object written a word at a time,
# read-modify-write: it reads both words' registers (halves: no warning;
# halves_tid: warns); a word nothing writes reads nothing (padded: no
# warning; padded_written, the thread's index stored there: warns)
args: check depot-halves.ptx
status: 1
