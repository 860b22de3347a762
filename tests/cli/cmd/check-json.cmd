# the JSON report of check mode: column and causes per barrier
args: check --format json ../check/divergent.cfg
status: 1
