args: analyze ../analyze/diamond.cfg -o
status: 2
