# header wrappers called only by user functions that no kernel calls: they
# stay wrappers, judged at each call (the full mask: no warning; a mask from
# a parameter: reported at that call, not in the header)
args: check nested-wrapper-lonely.ptx
status: 1
