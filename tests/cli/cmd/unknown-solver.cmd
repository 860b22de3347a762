args: analyze --solver magic ../analyze/diamond.cfg
status: 2
