# after an error in one input the -o file has the report of the others
args: analyze -o {tmp}/out.txt ../analyze/diamond.cfg ../errors/empty.cfg
status: 2
output: {tmp}/out.txt
