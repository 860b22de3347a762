#!/bin/sh
# check-deb.sh BUILD [--install]: builds the Debian package in BUILD (cpack -G
# DEB) and checks its control data: the package's name and version, a
# Depends computed from the shared libraries it holds (LLVM 19 among them),
# and a Recommends of the compilers that checking sources runs.
# With --install (as root, on a Debian machine: CI), installs it with apt-get
# and checks that the installed tool runs, that its manual is found, and that
# a C file built with `cc $(pkg-config --cflags --libs threadconv)` links
# and runs.
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rm -f "$build"/threadconv_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log" >&2; exit 1; }
deb=$(ls "$build"/threadconv_*_amd64.deb)
info=$(dpkg-deb -f "$deb" Package Version Depends Recommends)
echo "$info"
echo "$info" | grep -q '^Package: threadconv$'
echo "$info" | grep -q "^Version: $(sed -n 's/^project(threadconv VERSION \([0-9.]*\).*/\1/p' "$here/../../CMakeLists.txt")$"
echo "$info" | grep '^Depends:' | grep -q 'libllvm19'
echo "$info" | grep '^Depends:' | grep -q 'libc6'
echo "$info" | grep -q '^Recommends: clang-19, glslang-tools$'
dpkg-deb -c "$deb" >"$build/deb-contents.txt"
grep './usr/lib/.*libthreadconv.so.0' "$build/deb-contents.txt" >/dev/null
grep './usr/share/man/man1/threadconv.1' "$build/deb-contents.txt" >/dev/null
# check's documentation, which SARIF's helpUri names (TC_DOC_URI)
grep './usr/share/doc/threadconv/check.md' "$build/deb-contents.txt" >/dev/null
[ "${2:-}" = --install ] || { echo "check-deb: $deb ok"; exit 0; }
DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb" >/dev/null
/usr/bin/threadconv --version
man -w threadconv
tmp=$(mktemp -d)
cc -std=c11 -Wall -Wextra -Werror "$here/consumer/consumer.c" -o "$tmp/consumer" \
	$(pkg-config --cflags --libs threadconv)
"$tmp/consumer" >"$tmp/out"
cmp "$tmp/out" "$here/consumer/expected.txt"
rm -rf "$tmp"
echo "check-deb: $deb installed, and it works"
