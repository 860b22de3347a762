# a report that cannot be written (a full device) is an error, exit 2
args: analyze --format json -o /dev/full ../analyze/diamond.cfg
status: 2
