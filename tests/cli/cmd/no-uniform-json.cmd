args: analyze --no-uniform --format json ../analyze/uniform.cfg
