args: --frobnicate
status: 2
