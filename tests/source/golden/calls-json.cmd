# the calls in the JSON report: "calls" on a reported barrier, "call" on
# a call of a function whose barriers are judged where it is called
args: check --cuda-compiler clang --format json calls.cu
status: 1
