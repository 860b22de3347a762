# malformed PTX: a number in a .branchtargets list; exit 2, file:line:col: error: message
args: analyze expect-branchtargets-label.ptx
status: 2
