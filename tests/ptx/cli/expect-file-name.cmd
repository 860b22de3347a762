# malformed PTX: .file with a name not in quotes; exit 2, file:line:col: error: message
args: analyze expect-file-name.ptx
status: 2
