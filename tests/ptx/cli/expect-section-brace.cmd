# malformed PTX: .section without its '{'; exit 2, file:line:col: error: message
args: analyze expect-section-brace.ptx
status: 2
