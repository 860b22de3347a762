#!/bin/sh
# The layering of src/ and tools/ (scripts/include-graph.py --check): the
# tree as it is keeps it; a tree where a reader includes an analysis
# header, or where two layers include each other, is refused, naming the
# file and the layers.
set -eu
script=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$(python3 "$script" --check --root "$root") || fail "the tree: $out"

mkdir -p "$tmp/src/frontend" "$tmp/src/analysis" "$tmp/src/graph" "$tmp/src/util"
printf '#include "analysis/driver.h"\n' > "$tmp/src/frontend/reader.c"
printf '#include "graph/module.h"\n' > "$tmp/src/analysis/driver.h"
printf '#include "util/mem.h"\n' > "$tmp/src/graph/module.h"
printf '\n' > "$tmp/src/util/mem.h"
if out=$(python3 "$script" --check --root "$tmp"); then
	fail "a reader that includes an analysis header is taken"
fi
echo "$out" | grep -q 'src/frontend/reader.c includes src/analysis/driver.h' ||
	fail "not named: $out"

printf '#include "graph/module.h"\n' > "$tmp/src/frontend/reader.c"
printf '#include "graph/module.h"\n' > "$tmp/src/util/mem.h"
if out=$(python3 "$script" --check --root "$tmp"); then
	fail "a cycle between graph and util is taken"
fi
echo "$out" | grep -q 'the layers graph, util include each other' || fail "no cycle: $out"
echo "ok"
