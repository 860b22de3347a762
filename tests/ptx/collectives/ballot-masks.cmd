# hand-written: masks from a ballot (binary_partition), used on the side of
# the branch on the ballot's predicate (@!%p and @%p bra, nvcc's v < 1 for
# the else of v > 0, a phi of the whole-warp case, a loop on the side), and
# twins under another branch and after the join
args: check ballot-masks.ptx
status: 1
