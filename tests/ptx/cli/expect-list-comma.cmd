# malformed PTX: a call's argument list without the ',' between its names; exit 2, file:line:col: error: message
args: analyze expect-list-comma.ptx
status: 2
