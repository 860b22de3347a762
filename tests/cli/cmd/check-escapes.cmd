# names from the input with control bytes (ESC, BEL, CR, tab) are shown as
# \xNN in check's text report, as analyze shows them: no escape sequence
# reaches the terminal, no line is forged; exit 1
args: check --no-caret ../check/escapes.cfg
status: 1
