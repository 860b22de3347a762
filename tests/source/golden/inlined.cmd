# a HIP kernel: barrier and thread id inlined from a header, reported here
args: check inlined.hip
status: 1
