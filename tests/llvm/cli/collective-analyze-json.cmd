# analyze and an argument in JSON
args: analyze --format json --function copies ../ir/collectives_group.ll
