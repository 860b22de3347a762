# a load through min(&x, &y) of two places of the .func's depot reads one
# of the registers stored there (chosen: no warning); a thread's index in
# one place (one_differs) or choosing the place by it (choice_differs)
# warns
args: check depot-copy-choice.ptx
status: 1
