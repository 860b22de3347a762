# the overview manual
args: --help
