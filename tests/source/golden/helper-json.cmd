# the inlined helper in the JSON report: the reported barrier's "inlined"
args: check --cuda-compiler clang --format json helper.cu
status: 1
