# malformed PTX: a NUL byte in the middle of an instruction; exit 2
args: analyze nul-byte.ptx
status: 2
