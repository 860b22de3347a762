#!/bin/sh
# No circle between modules by symbol (scripts/module-cycles.py): the
# build's objects have none; two objects that call each other are refused,
# named, and so are the parts of two readers' folders that do, while the
# parts of one reader's folder may.
set -eu
script=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cc=${CC:-cc}

out=$(python3 "$script" "$@") || fail "the build: $out"

mkdir -p "$tmp/one/src/report" "$tmp/two/src/frontend/a" "$tmp/two/src/frontend/b"
printf 'void b(void);\nvoid a(void) { b(); }\n' > "$tmp/a.c"
printf 'void a(void);\nvoid b(void) { a(); }\n' > "$tmp/b.c"
printf 'void c(void) {}\n' > "$tmp/c.c"
$cc -c "$tmp/a.c" -o "$tmp/one/src/report/a.c.o"
$cc -c "$tmp/b.c" -o "$tmp/one/src/report/b.c.o"
$cc -c "$tmp/c.c" -o "$tmp/one/src/report/c.c.o"
if out=$(python3 "$script" "$tmp/one"); then
	fail "two modules that call each other are taken"
fi
echo "$out" | grep -q 'modules in a circle: src/report/a, src/report/b' || fail "not named: $out"

# parts of one reader's folder are one module
$cc -c "$tmp/a.c" -o "$tmp/two/src/frontend/a/x.c.o"
$cc -c "$tmp/b.c" -o "$tmp/two/src/frontend/a/y.c.o"
out=$(python3 "$script" "$tmp/two") || fail "a reader's parts: $out"
# two readers' folders are two
mv "$tmp/two/src/frontend/a/y.c.o" "$tmp/two/src/frontend/b/y.c.o"
if out=$(python3 "$script" "$tmp/two"); then
	fail "two readers that call each other are taken"
fi
echo "$out" | grep -q 'src/frontend/a/, src/frontend/b/' || fail "not named: $out"
echo "ok"
