# a constant passed whole and read at another offset of the argument is not
# that constant: the barrier the helper's test would skip is reported
args: check --no-caret param-offset-const.ptx
status: 1
