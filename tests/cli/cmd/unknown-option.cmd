args: analyze --frobnicate ../analyze/diamond.cfg
status: 2
