# a generic load through a pointer that holds no address of local memory,
# in a file where no object is open and none is made otherwise, reads no
# local memory (kept_shared: no warning); one through the depot's own slot
# holding the thread's index warns (kept_local)
args: check depot-not-local.ptx
status: 1
