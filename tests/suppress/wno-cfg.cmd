# -Wno-barrier-divergence: nothing reported, exit 0, the counts say why
args: check -Wno-barrier-divergence count.cfg
status: 0
