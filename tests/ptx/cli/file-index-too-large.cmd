# malformed PTX: a .file index past 65535; exit 2, file:line:col: error: message
args: analyze file-index-too-large.ptx
status: 2
