# truncated: 
args: analyze truncated.spv
status: 2
