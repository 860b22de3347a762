# the toolkit's unsigned shuffle calling its int one, both in a header: each
# call from the user's file judged and reported at its own line, as if
# inlined (under tid.x < 16: collective-divergence; after a return: after
# exit), and a user's helper that calls the wrapper is no wrapper
args: check nested-wrapper.ptx
status: 1
