# NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/END and what is no directive, as
# clang-tidy reads them
args: check nolint.cfg
status: 1
