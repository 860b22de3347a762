# malformed PTX: a .target list that ends in a comma; exit 2
args: analyze target-comma.ptx
status: 2
