# a barrier in a header's inline helper: at the call, with a note naming it
args: check helper.cu
status: 1
