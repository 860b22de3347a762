# short options and the solver field of the JSON
args: analyze -s linear -f json ../analyze/rewrite.cfg
