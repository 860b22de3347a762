# one document holds the graphs of all inputs, in order
args: analyze --format json ../analyze/diamond.cfg ../analyze/multi.cfg
