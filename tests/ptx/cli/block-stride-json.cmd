# the same in JSON: the barrier of row convergent, that of rows reported
# with the loop's branch as its cause
args: check --format json block-stride.ptx
status: 1
