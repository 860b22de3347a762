# IR whose verdicts across calls need what each calling context knows: what
# a helper leaves through a pointer at each of its rets; a helper's early
# return on the thread behind a test that the call's constant decides; a
# constant the caller stores where the helper reads it; a branch on a
# constant left on a divergent way; a product by a 0 the caller stores.
# Lines 10, 20, 30, 40 and 50 are reached by the whole block, 11, 21, 31
# and 51 are not
args: check --no-caret calls-contexts.ll
status: 1
