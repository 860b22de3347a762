# a folder is not a file
args: analyze ../analyze
status: 2
