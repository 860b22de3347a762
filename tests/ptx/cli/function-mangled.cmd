# --function with one overload's mangled name: that function alone, checked
# as if any thread could call it (its barrier is divergent)
args: check --function _Z1fPi overloads.ptx
status: 1
