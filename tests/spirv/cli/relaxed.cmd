# relaxed: relaxed.spvasm breaks the rules of block order, of merge
# instructions and of OpSelect's types that the analysis does not depend on:
# read, with one warning naming the first instance of each rule
args: analyze relaxed.spvasm
status: 0
