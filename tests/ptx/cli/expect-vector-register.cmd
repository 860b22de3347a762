# malformed PTX: a name without '%' in a { } vector; exit 2, file:line:col: error: message
args: analyze expect-vector-register.ptx
status: 2
