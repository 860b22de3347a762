# --block-size gives every kernel of the input its size, 64 x 1 x 1: each
# test of %tid.x against 63 or 127 is decided, nothing reported
args: check --no-caret --block-size 64 bound-ids.ptx
status: 0
