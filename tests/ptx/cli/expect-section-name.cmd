# malformed PTX: .section with its name in quotes; exit 2, file:line:col: error: message
args: analyze expect-section-name.ptx
status: 2
