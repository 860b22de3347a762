#!/bin/sh
# Fails unless every object of the library (threadconv_objects: the readers,
# the graph code, the solvers) and of the reports in a -DTC_FUZZ=ON build
# has libFuzzer's coverage hooks (__sanitizer_cov_* symbols), and unless the
# readers' objects are among them. run-fuzz.sh runs it after each build; the
# fuzz build's ctest runs it as fuzz_instrumented.
#
#   tests/fuzz/check-instrumented.sh BUILD-DIR
set -u
build=${1:?usage: check-instrumented.sh BUILD-DIR}
nm=$(command -v llvm-nm-19 || command -v llvm-nm || command -v nm)
fails=0
count=0
for dir in threadconv_objects.dir threadconv_report.dir; do
	if [ ! -d "$build/CMakeFiles/$dir" ]; then
		echo "check-instrumented: no $build/CMakeFiles/$dir" >&2
		fails=$((fails + 1))
		continue
	fi
	for obj in $(find "$build/CMakeFiles/$dir" -name '*.c.o' | sort); do
		count=$((count + 1))
		n=$("$nm" "$obj" 2>/dev/null | grep -c __sanitizer_cov)
		if [ "$n" -eq 0 ]; then
			echo "check-instrumented: ${obj#"$build"/} has no __sanitizer_cov symbols" >&2
			fails=$((fails + 1))
		fi
	done
done
for reader in cfg ptx llvm spirv input; do
	if [ -z "$(find "$build/CMakeFiles/threadconv_objects.dir" -name "$reader.c.o" 2>/dev/null)" ]; then
		echo "check-instrumented: the reader $reader.c.o was not built" >&2
		fails=$((fails + 1))
	fi
done
if [ "$fails" -ne 0 ]; then
	echo "check-instrumented: $fails problem(s) in $count objects: build with -DTC_FUZZ=ON so that the library is instrumented" >&2
	exit 1
fi
echo "check-instrumented: $count objects, all with coverage hooks"
