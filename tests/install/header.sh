#!/bin/sh
# header.sh INCLUDE_DIR: the public header compiles by itself as C99, C11 and
# C++11 with every warning an error (in C, with the options' INIT macros).
set -eu
inc=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <threadconv.h>\nint main(void) { return TC_OK; }\n' >"$tmp/h.cpp"
# C: the options' INIT macros too, with every warning
printf '#include <threadconv.h>\nint main(void)\n{\n\ttc_read_options r = TC_READ_OPTIONS_INIT;\n\ttc_solve_options s = TC_SOLVE_OPTIONS_INIT;\n\treturn (int)(r.version + s.version) - 2;\n}\n' >"$tmp/h.c"
for std in c99 c11; do
	cc -std=$std -Wall -Wextra -pedantic -Werror -I"$inc" -c "$tmp/h.c" -o "$tmp/h.o"
done
c++ -std=c++11 -Wall -Wextra -pedantic -Werror -I"$inc" -c "$tmp/h.cpp" -o "$tmp/h.o"
echo "header.sh: threadconv.h alone is C99, C11 and C++11"
