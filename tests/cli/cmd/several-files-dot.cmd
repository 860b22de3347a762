# one digraph per graph
args: analyze -f dot ../analyze/uniform.cfg ../analyze/multi.cfg
