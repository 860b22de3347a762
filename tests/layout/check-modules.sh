#!/bin/sh
# No circle between modules by symbol (scripts/module-cycles.py): the
# build's objects have none; two objects that call each other are refused,
# named, and so are the parts of two readers' folders that do, while the
# parts of one reader's folder may; an object whose source is gone (an
# incremental build) is left out.
set -eu
script=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc=${CC:-cc}

out=$(python3 "$script" "$@") || fail "the build: $out"

# objects at the paths of their sources (src/...), as CMake puts them
obj() { # obj ROOT SOURCE TEXT
	mkdir -p "$1/$(dirname "$2")" "$1/obj/$(dirname "$2")"
	printf '%b' "$3" > "$1/$2"
	$cc -c "$1/$2" -o "$1/obj/$2.o"
}
A='void b(void);\nvoid a(void) { b(); }\n'
B='void a(void);\nvoid b(void) { a(); }\n'
obj "$tmp/one" src/report/a.c "$A"
obj "$tmp/one" src/report/b.c "$B"
obj "$tmp/one" src/report/c.c 'void c(void) {}\n'
if out=$(python3 "$script" --root "$tmp/one" "$tmp/one/obj"); then
	fail "two modules that call each other are taken"
fi
echo "$out" | grep -q 'modules in a circle: src/report/a, src/report/b' || fail "not named: $out"
# an object whose source is gone is no module
rm "$tmp/one/src/report/b.c"
out=$(python3 "$script" --root "$tmp/one" "$tmp/one/obj") || fail "a stale object: $out"

# parts of one reader's folder are one module
obj "$tmp/two" src/frontend/a/x.c "$A"
obj "$tmp/two" src/frontend/a/y.c "$B"
out=$(python3 "$script" --root "$tmp/two" "$tmp/two/obj") || fail "a reader's parts: $out"
# two readers' folders are two
obj "$tmp/two" src/frontend/b/y.c "$B"
rm "$tmp/two/src/frontend/a/y.c"
if out=$(python3 "$script" --root "$tmp/two" "$tmp/two/obj"); then
	fail "two readers that call each other are taken"
fi
echo "$out" | grep -q 'src/frontend/a/, src/frontend/b/' || fail "not named: $out"
echo "ok"
