#!/bin/sh
# run-install.sh BUILD WORK: installs BUILD into WORK/prefix and builds the
# consumer against it twice, with pkg-config (shared, and static with
# --static) and with find_package (both imported targets); each must print
# consumer/expected.txt. Then libthreadconv.so must export nothing but the
# public tc_ symbols, and the installed manual pages and check.md (which
# SARIF's helpUri names) must be there.
set -eu
build=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
lib=$(ls -d "$prefix"/lib*/ | head -n 1)
lib=${lib%/}
check() { # NAME BINARY
	LD_LIBRARY_PATH=$lib "$2" >"$work/$1.out"
	if ! cmp -s "$work/$1.out" "$here/consumer/expected.txt"; then
		echo "run-install: $1 printed:" >&2
		cat "$work/$1.out" >&2
		exit 1
	fi
}
export PKG_CONFIG_PATH="$lib/pkgconfig"
# shared, through pkg-config
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags threadconv) \
	"$here/consumer/consumer.c" -o "$work/pc-shared" $(pkg-config --libs threadconv)
check pc-shared "$work/pc-shared"
# static: the archive by path, and what --static says it needs
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags threadconv) \
	"$here/consumer/consumer.c" -o "$work/pc-static" "$lib/libthreadconv.a" \
	$(pkg-config --static --libs threadconv | sed 's/-lthreadconv//')
if ldd "$work/pc-static" | grep -q libthreadconv; then
	echo "run-install: the static consumer links libthreadconv.so" >&2
	exit 1
fi
check pc-static "$work/pc-static"
# find_package
cmake -S "$here/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log"
cmake --build "$work/cmake" >>"$work/cmake.log"
check cmake-shared "$work/cmake/consumer"
check cmake-static "$work/cmake/consumer_static"
# only the public API leaves the shared library
bad=$(nm -D --defined-only "$lib/libthreadconv.so" | awk '{print $3}' | grep -v '^tc_[a-z]' || true)
if [ -n "$bad" ]; then
	echo "run-install: libthreadconv.so exports internal symbols:" >&2
	echo "$bad" | head >&2
	exit 1
fi
soname=$(objdump -p "$lib/libthreadconv.so" | awk '/SONAME/ {print $2}')
[ "$soname" = libthreadconv.so.0 ] || { echo "run-install: soname is '$soname'" >&2; exit 1; }
for f in bin/threadconv include/threadconv.h share/man/man1/threadconv.1 \
	share/man/man1/threadconv-check.1 share/man/man1/threadconv-analyze.1 \
	share/doc/threadconv/check.md; do
	[ -f "$prefix/$f" ] || { echo "run-install: $f not installed" >&2; exit 1; }
done
# SARIF's helpUri (TC_DOC_URI): the check.md that an install with the
# configured prefix puts there, unless the build names another
configured=$(sed -n 's/^CMAKE_INSTALL_PREFIX:[A-Z]*=//p' "$build/CMakeCache.txt")
uri=$(sed -n 's/^TC_DOC_URI:[A-Z]*=//p' "$build/CMakeCache.txt")
case $uri in
"file://$configured/"*)
	doc=${uri#"file://$configured/"}
	[ -f "$prefix/$doc" ] || { echo "run-install: $uri: no $doc installed" >&2; exit 1; } ;;
esac
"$prefix/bin/threadconv" --version >/dev/null
echo "run-install: ok ($(nm -D --defined-only "$lib/libthreadconv.so" | wc -l) symbols exported)"
