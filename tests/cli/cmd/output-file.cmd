# -o writes the report to a file and nothing to stdout
args: analyze --format json -o {tmp}/out.json ../analyze/diamond.cfg
output: {tmp}/out.json
