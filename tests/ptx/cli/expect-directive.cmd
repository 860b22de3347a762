# malformed PTX: a ';' after .target, which takes none; exit 2, file:line:col: error: message
args: analyze expect-directive.ptx
status: 2
