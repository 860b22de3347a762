# malformed PTX: a file that does not start with .version; exit 2, file:line:col: error: message
args: analyze missing-version.ptx
status: 2
