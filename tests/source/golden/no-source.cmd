# debug positions in a file that cannot be read: the warnings without snippets
args: check moved.ll
status: 1
