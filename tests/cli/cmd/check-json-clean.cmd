# a clean file in JSON: barriers with empty causes; exit 0
args: check --format json ../check/clean.cfg
status: 0
