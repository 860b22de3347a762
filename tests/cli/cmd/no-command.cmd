# no arguments at all
args: 
status: 2
