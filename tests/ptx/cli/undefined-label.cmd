# malformed PTX: a branch to a label that no line defines; exit 2, file:line:col: error: message
args: analyze undefined-label.ptx
status: 2
