# the calls in SARIF: related locations after the causes
args: check --format sarif calls.cu
status: 1
