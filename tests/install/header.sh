#!/bin/sh
# header.sh INCLUDE_DIR: the public header compiles by itself as C99, C11 and
# C++11 with every warning an error.
set -eu
inc=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <threadconv.h>\nint main(void) { return TC_OK; }\n' >"$tmp/h.c"
cp "$tmp/h.c" "$tmp/h.cpp"
for std in c99 c11; do
	cc -std=$std -Wall -Wextra -pedantic -Werror -I"$inc" -c "$tmp/h.c" -o "$tmp/h.o"
done
c++ -std=c++11 -Wall -Wextra -pedantic -Werror -I"$inc" -c "$tmp/h.cpp" -o "$tmp/h.o"
echo "header.sh: threadconv.h alone is C99, C11 and C++11"
