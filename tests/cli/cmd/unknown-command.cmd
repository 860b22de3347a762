args: frobnicate x.cfg
status: 2
