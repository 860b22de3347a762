# malformed PTX: inlined_at without its column; exit 2, file:line:col: error: message
args: analyze bad-inlined-at.ptx
status: 2
