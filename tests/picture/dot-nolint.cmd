# what NOLINT suppresses is not drawn: graph quiet not at all, graph loud
# with its suppressed barrier plain
args: check -q --format dot nolint.cfg
status: 1
