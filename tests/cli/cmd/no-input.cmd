args: analyze --format json
status: 2
