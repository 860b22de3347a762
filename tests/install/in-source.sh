#!/bin/sh
# in-source.sh SOURCE WORK: configuring threadconv in its own sources is
# refused with a message that says what to do, before anything is built
# (the top-level CMakeLists.txt alone, copied to WORK, is enough: the check
# comes first).
set -eu
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
cp "$src/CMakeLists.txt" "$work/"
if (cd "$work" && cmake . >"$work/out.log" 2>&1); then
	echo "in-source configuration was accepted" >&2
	exit 1
fi
grep -q "configure threadconv in a build directory" "$work/out.log" || {
	echo "no message saying what to do:" >&2
	cat "$work/out.log" >&2
	exit 1
}
echo ok
