# malformed PTX: .target with its name in quotes; exit 2, file:line:col: error: message
args: analyze expect-target.ptx
status: 2
