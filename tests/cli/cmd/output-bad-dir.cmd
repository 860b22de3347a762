args: analyze -o {tmp}/no/such/dir/out.txt ../analyze/diamond.cfg
status: 2
