# a loop's counter, tested at its head against the array's length, bounds
# the words the loop reads to the array (in_bounds: no warning); one
# more word (one_over) and the word at the counter after the loop
# (after_loop) read part of the address the depot keeps, and warn
args: check depot-index-ranges.ptx
status: 1
