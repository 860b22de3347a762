# hand-written: nvcc -G's __activemask and __popc as .funcs, read as the
# instructions they wrap (full-mask shuffles behind am() == -1 and
# cnt(am()) == 32 in helpers called by 16 lanes: no warning; 16 lanes
# counted, a branch on the thread after the test, a mask read before one:
# each warns), and a ballot's mask that a branch and a phi make the same on
# each side, passed to a .func that shuffles with it (no warning; after the
# join: warns)
args: check wrapper-results.ptx
status: 1
