# structure alone: the arms of the uniform branch are not convergent
args: analyze --no-uniform ../analyze/uniform.cfg
