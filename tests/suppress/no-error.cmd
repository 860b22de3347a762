# -Wno-error after -Werror: warnings again, exit 1
args: check -Werror -Wno-error count.cfg
status: 1
