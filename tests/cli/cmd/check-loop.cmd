# a divergent loop, and a uniform branch looked through to the divergent one
args: check ../check/loop.cfg
status: 1
