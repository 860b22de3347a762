# malformed PTX: two .file directives with the same index; exit 2, file:line:col: error: message
args: analyze file-twice.ptx
status: 2
