# malformed PTX: %r5 used where .reg %r<5> declares %r0 to %r4; exit 2, file:line:col: error: message
args: analyze undeclared-register.ptx
status: 2
