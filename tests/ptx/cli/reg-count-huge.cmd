# malformed PTX: .reg %r<99999999999>: more registers than a count can say; exit 2, file:line:col: error: message
args: analyze reg-count-huge.ptx
status: 2
