# malformed PTX: a .loc line without its column (a .loc ends with its line); exit 2
args: analyze loc-short.ptx
status: 2
