# malformed PTX: '!' before a name without '%'; exit 2, file:line:col: error: message
args: analyze expect-not-predicate.ptx
status: 2
