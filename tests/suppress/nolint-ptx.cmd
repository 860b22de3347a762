# PTX: NOLINT read through the source lines its .loc names; a file that
# cannot be read suppresses nothing
args: check nolint.ptx
status: 1
