# every bad input is reported, and the good one's report is written
args: analyze ../errors/empty.cfg ../analyze/diamond.cfg ../errors/binary.cfg no-such-file.cfg
status: 2
