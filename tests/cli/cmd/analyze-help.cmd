# analyze --help prints the same manual as help analyze
args: analyze --help
