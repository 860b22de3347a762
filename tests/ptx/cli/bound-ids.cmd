# a block's size, declared (.reqntid) or bounded (.maxntid), decides tests
# of %tid against it
args: check --no-caret bound-ids.ptx
status: 1
