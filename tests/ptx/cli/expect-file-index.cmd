# malformed PTX: .file without its index; exit 2, file:line:col: error: message
args: analyze expect-file-index.ptx
status: 2
