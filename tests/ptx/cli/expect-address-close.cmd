# malformed PTX: a file that ends inside an address's '[ ]'; exit 2, file:line:col: error: message
args: analyze expect-address-close.ptx
status: 2
