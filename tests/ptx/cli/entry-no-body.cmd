# malformed PTX: an .entry header, then the end of the file; exit 2, file:line:col: error: message
args: analyze entry-no-body.ptx
status: 2
