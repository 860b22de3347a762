# malformed PTX: a .global declaration that the file ends in, without its ';'; exit 2, file:line:col: error: message
args: analyze decl-no-semicolon.ptx
status: 2
