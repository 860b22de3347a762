# --exact-work 1: the joint test alone spends the bound; the note says so
args: analyze --exact-work 1 --format none exact-work.cfg
status: 0
