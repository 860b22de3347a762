# --exact-work 0: no bound, no note
args: analyze --exact-work 0 --format none exact-work.cfg
status: 0
