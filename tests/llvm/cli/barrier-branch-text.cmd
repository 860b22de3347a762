# the text report of IR
args: analyze ../ir/barrier_branch.ll
