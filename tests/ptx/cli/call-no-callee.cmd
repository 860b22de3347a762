# malformed PTX: a call with only its results, no function named; exit 2, file:line:col: error: message
args: analyze call-no-callee.ptx
status: 2
