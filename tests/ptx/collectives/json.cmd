# check's JSON: masked collectives, the argument that may differ
args: check --format json --function masks forms.ptx
status: 1
