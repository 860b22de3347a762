# a valid module with no function bodies: not an error; said on stderr, exit 0
args: check --format json no-bodies.ll
status: 0
