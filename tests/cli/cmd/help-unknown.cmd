args: help frobnicate
status: 2
