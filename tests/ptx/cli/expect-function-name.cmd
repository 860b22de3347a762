# malformed PTX: an .entry without its name; exit 2, file:line:col: error: message
args: analyze expect-function-name.ptx
status: 2
