# branches on a literal constant: the barrier that br i1 false skips is not
# reported, the one that br i1 true takes under the divergent branch is
args: check const-branch.ll
status: 1
