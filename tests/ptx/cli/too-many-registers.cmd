# malformed PTX: two register ranges that together pass 2^26 registers; exit 2, file:line:col: error: message
args: analyze too-many-registers.ptx
status: 2
