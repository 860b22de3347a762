# malformed PTX: a { } vector without the ',' between its registers; exit 2, file:line:col: error: message
args: analyze expect-vector-comma.ptx
status: 2
