# one function of several, from standard input
args: analyze --function uniform_loop -
stdin: ../ir/loops.ll
