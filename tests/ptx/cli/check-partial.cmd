# check on partial barriers (bar.sync with a thread count): their own
# warning class, -Wpartial-barrier, with the note on what they wait for
args: check ../partial.ptx
status: 1
