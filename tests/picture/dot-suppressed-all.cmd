# every finding suppressed (-Wno-barrier-divergence): nothing to draw, exit 0
args: check -q -Wno-barrier-divergence --format dot ../cli/check/divergent.cfg
