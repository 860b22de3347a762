# undefined: an id used and defined nowhere: an error at the use
args: analyze undefined.spvasm
status: 2
