# - reads standard input
args: analyze -
stdin: ../analyze/diamond.cfg
