# depot-not-local.ptx's kept_shared where another kernel's depot is open:
# the pointer may be an address of it, and the load warns
args: check depot-not-local-open.ptx
status: 1
