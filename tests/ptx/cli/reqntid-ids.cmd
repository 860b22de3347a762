# a block size the kernel declares (.reqntid) makes %tid.y and %tid.z 0
args: check --no-caret reqntid-ids.ptx
status: 1
