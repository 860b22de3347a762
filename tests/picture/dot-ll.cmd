# IR with debug information and C++ names: the titles demangled (k, s),
# nodes labelled with the line of their source (copies.cu:9); a barrier
# after an exit with the loop around it on its path; five copies of a
# shuffle in one node, one finding
args: check -q --format dot ../llvm/cli/copies.ll
status: 1
