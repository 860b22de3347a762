args: analyze ../analyze/rewrite.cfg ../analyze/single.cfg
