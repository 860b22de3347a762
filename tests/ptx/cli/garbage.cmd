# malformed PTX: binary bytes (an ELF header and noise); exit 2
args: analyze garbage.ptx
status: 2
