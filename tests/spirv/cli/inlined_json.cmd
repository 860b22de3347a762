# inlined_json: inlined.cmd's report as JSON: the barrier's and the
# collective's "inlined" (the helper and the position in it)
args: check --format json inlined.spvasm
status: 1
