# .funcs whose result is one of their parameters plus a constant (get,
# forward, min, this + k): each call's result is what that call passes, so
# the word at field(&A), outer(&C) and pick(&A, &C) is -1 (no warning);
# field(&B) and pick(&A, &B) give the thread's index, and deref, which
# returns a pointer it loads, what every call's may be (each warns)
args: check depot-pass-through.ptx
status: 1
