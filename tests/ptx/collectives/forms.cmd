# hand-written forms: register and partial masks, a mask that differs, guarded
# collectives, results the same in a warp or not, .reqntid, calls of .funcs
args: check forms.ptx
status: 1
