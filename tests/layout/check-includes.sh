#!/bin/sh
# The layering of src/ and tools/ (scripts/include-graph.py --check): the
# tree as it is keeps it; a tree where a reader (or a part of one in a
# folder of the frontend) includes an analysis header, or where two layers
# include each other, is refused, naming the file and the layers.
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

# a reader in a folder of its own (src/frontend/ptx/) is of the frontend
# layer too: its parts' includes are held to the same rules
printf '#include "graph/module.h"\n' > "$tmp/src/frontend/reader.c"
mkdir -p "$tmp/src/frontend/part"
printf '#include "graph/module.h"\n' > "$tmp/src/frontend/part/part.h"
printf '#include "frontend/part/part.h"\n#include "analysis/driver.h"\n' \
	> "$tmp/src/frontend/part/lexer.c"
if out=$(python3 "$script" --check --root "$tmp"); then
	fail "a reader's part that includes an analysis header is taken"
fi
echo "$out" | grep -q 'src/frontend/part/lexer.c includes src/analysis/driver.h' ||
	fail "not named: $out"
[ "$(echo "$out" | wc -l)" -eq 1 ] || fail "more than the part's include refused: $out"
printf '#include "frontend/part/part.h"\n' > "$tmp/src/frontend/part/lexer.c"
out=$(python3 "$script" --check --root "$tmp") || fail "a reader's parts as they should be: $out"

printf '#include "graph/module.h"\n' > "$tmp/src/util/mem.h"
if out=$(python3 "$script" --check --root "$tmp"); then
	fail "a cycle between graph and util is taken"
fi
echo "$out" | grep -q 'the layers graph, util include each other' || fail "no cycle: $out"
echo "ok"
