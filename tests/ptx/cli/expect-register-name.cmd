# malformed PTX: a ',' after the last name of a .reg; exit 2, file:line:col: error: message
args: analyze expect-register-name.ptx
status: 2
