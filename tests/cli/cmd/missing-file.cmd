args: analyze no-such-file.cfg
status: 2
