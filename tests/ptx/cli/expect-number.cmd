# malformed PTX: '-' before a register (PTX negates registers with neg, not '-'); exit 2, file:line:col: error: message
args: analyze expect-number.ptx
status: 2
