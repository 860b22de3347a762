# one entry silences one of two equal findings; CR LF line ends
args: check --baseline count.baseline count.cfg
status: 1
