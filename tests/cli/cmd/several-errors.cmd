# every bad input is reported, and nothing else is printed
args: analyze ../errors/empty.cfg ../analyze/diamond.cfg ../errors/binary.cfg no-such-file.cfg
status: 2
