# the manual of check
args: check --help
