# solver exact on SPEC 2.1's self-loop graph and the loop
args: analyze --solver exact ../analyze/self-loop.cfg ../analyze/loop.cfg
