# malformed PTX: .pragma with its text not in quotes; exit 2, file:line:col: error: message
args: analyze expect-pragma-string.ptx
status: 2
