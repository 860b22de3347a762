# PTX .file names and function_name strings with ESC, BEL, newline and CR
# are shown as \xNN in check's text report; exit 1
args: check ../check/escapes.ptx
status: 1
