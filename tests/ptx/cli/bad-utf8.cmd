# malformed PTX: a byte that is not UTF-8 (0xff) in a label; exit 2
args: analyze bad-utf8.ptx
status: 2
