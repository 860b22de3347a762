# depot-not-local.ptx's kept_shared where another kernel makes an address
# of local memory with alloca: the pointer may be one, and the load warns
args: check depot-not-local-alloca.ptx
status: 1
