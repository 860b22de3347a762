# malformed PTX: '.visible entry', the '.' of .entry left out; exit 2, file:line:col: error: message
args: analyze expect-linkage-decl.ptx
status: 2
