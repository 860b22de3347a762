# the calls in SARIF: related locations after the causes
args: check --cuda-compiler clang --format sarif calls.cu
status: 1
