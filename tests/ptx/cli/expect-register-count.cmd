# malformed PTX: '%r<>': a register range without its count; exit 2, file:line:col: error: message
args: analyze expect-register-count.ptx
status: 2
