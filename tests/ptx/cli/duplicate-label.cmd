# malformed PTX: a label defined twice in one function; exit 2, file:line:col: error: message
args: analyze duplicate-label.ptx
status: 2
