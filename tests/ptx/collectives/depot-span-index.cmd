# an assertion in the callee (nvcc -G's span::operator[]) bounds the index
# to size(), a call's constant 33: the words read stay in the array
# (in_span: no warning); size() of 35 (past_span), no assertion
# (unchecked) and a failing way that returns (printed) warn
args: check depot-span-index.ptx
status: 1
