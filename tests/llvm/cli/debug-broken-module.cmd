# a broken module with debug info: a clean error, exit 2 (not an abort)
args: analyze debug-broken-module.ll
status: 2
