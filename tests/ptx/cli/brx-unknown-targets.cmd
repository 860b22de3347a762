# malformed PTX: brx.idx naming a .branchtargets list that is not there; exit 2, file:line:col: error: message
args: analyze brx-unknown-targets.ptx
status: 2
