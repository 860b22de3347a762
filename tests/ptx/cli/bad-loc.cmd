# malformed PTX: a .loc naming file 2 where only file 1 is declared; exit 2, file:line:col: error: message
args: analyze bad-loc.ptx
status: 2
