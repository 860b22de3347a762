# after an error the -o file is not created
args: analyze -o {tmp}/out.txt ../analyze/diamond.cfg ../errors/empty.cfg
status: 2
absent: {tmp}/out.txt
