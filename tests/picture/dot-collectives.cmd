# collectives: reached by only some lanes (collective-divergence, -after-exit),
# an argument that may differ (no branch to draw: the collective alone), and
# a shuffle in a helper that was not inlined, whose branch is in its caller:
# its tooltip names the call and where the branch is
args: check -q --format dot ../llvm/ir/collectives_warp.ll
status: 1
