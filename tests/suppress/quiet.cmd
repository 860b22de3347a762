# --quiet: no counts on standard error
args: check -q count.cfg
status: 1
