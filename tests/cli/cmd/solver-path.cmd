# solver path on SPEC 2.1's self-loop graph and the loop
args: analyze --solver path ../analyze/self-loop.cfg ../analyze/loop.cfg
