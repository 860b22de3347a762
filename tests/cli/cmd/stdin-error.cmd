args: analyze --format json -
stdin: ../errors/truncated-edge.cfg
status: 2
