# malformed PTX: a directive PTX does not have, at module level; exit 2, file:line:col: error: message
args: analyze unknown-directive.ptx
status: 2
