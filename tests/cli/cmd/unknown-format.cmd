args: analyze --format=xml ../analyze/diamond.cfg
status: 2
