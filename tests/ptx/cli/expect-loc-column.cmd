# malformed PTX: .loc with a negative column; exit 2, file:line:col: error: message
args: analyze expect-loc-column.ptx
status: 2
