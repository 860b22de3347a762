# barriers carry file and line from debug information
args: analyze --format json ../ir/debug.ll
