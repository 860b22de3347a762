# malformed PTX: an empty file; exit 2, file:line:col: error: message
args: analyze empty.ptx
status: 2
