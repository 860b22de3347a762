# a .func whose pointer parameter gets the depot addresses of 36 callers,
# more than the analysis of local memory follows in one value: those
# depots are open, the rest of the file is still followed (a loop on a
# count another kernel keeps in its depot: no warning); the twin's depot is
# among them, and its loop warns
args: check depot-wide.ptx
status: 1
