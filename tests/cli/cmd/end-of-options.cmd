# after -- every argument is a file, even one that starts with -
args: analyze -- -s
status: 2
