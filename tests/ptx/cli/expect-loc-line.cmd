# malformed PTX: .loc with a name where its line goes; exit 2, file:line:col: error: message
args: analyze expect-loc-line.ptx
status: 2
