# malformed PTX: two ',' in a row between parameters; exit 2, file:line:col: error: message
args: analyze expect-parameter.ptx
status: 2
