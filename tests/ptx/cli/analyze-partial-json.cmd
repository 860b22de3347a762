# analyze's JSON lists partial barriers apart, in partial_barriers
args: analyze --format json ../partial.ptx
status: 0
