# malformed PTX: a directive PTX does not have in a function body; exit 2, file:line:col: error: message
args: analyze unknown-body-directive.ptx
status: 2
