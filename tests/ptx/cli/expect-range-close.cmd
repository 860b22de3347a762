# malformed PTX: '%r<5;': a register range without its '>'; exit 2, file:line:col: error: message
args: analyze expect-range-close.ptx
status: 2
