# --block-size gives every kernel of the input its size: nothing reported
args: check --no-caret --block-size 32,1,1 reqntid-ids.ptx
status: 0
