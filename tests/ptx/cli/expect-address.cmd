# malformed PTX: '*' in an address; exit 2, file:line:col: error: message
args: analyze expect-address.ptx
status: 2
