# depot-not-local.ptx's kept_shared where an object is open: where the
# object is another kernel's, the load does not warn; where it is the
# kernel's own (kept_open), or its caller's (read_kept), the pointer may
# be an address of it, and the load warns; read_clean, called only where
# no open object is live, does not
args: check depot-not-local-open.ptx
status: 1
