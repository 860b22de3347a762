args: analyze --no-uniform=yes ../analyze/diamond.cfg
status: 2
