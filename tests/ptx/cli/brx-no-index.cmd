# malformed PTX: brx.idx with the list and no index register; exit 2, file:line:col: error: message
args: analyze brx-no-index.ptx
status: 2
