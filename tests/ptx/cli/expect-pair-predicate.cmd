# malformed PTX: setp's second result '|' not a predicate register; exit 2, file:line:col: error: message
args: analyze expect-pair-predicate.ptx
status: 2
