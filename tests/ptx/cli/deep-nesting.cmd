# malformed PTX: { } scopes nested 300 deep, past the reader's limit of 256; exit 2
args: analyze deep-nesting.ptx
status: 2
