# SARIF 2.1.0 to a file
args: check --format sarif -o {tmp}/out.sarif ../check/loop.cfg
status: 1
output: {tmp}/out.sarif
