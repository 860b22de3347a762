#!/bin/sh
# Fuzzes the .cfg parser, the solvers and the reports for SECONDS (default 20):
# builds the libFuzzer target in build-fuzz/ with clang-19, ASan and UBSan,
# then runs it from the seed corpus. Further arguments go to libFuzzer.
#
#   tests/fuzz/run-fuzz.sh [SECONDS] [LIBFUZZER-ARGS...]
#
# New inputs go to build-fuzz/fuzz-corpus/ (the seed corpus in tests/fuzz/corpus
# is only read); a crashing input is saved in build-fuzz/fuzz-artifacts/ and
# the script exits non-zero. Reproduce one with
#   build-fuzz/tests/fuzz/fuzz_cfg build-fuzz/fuzz-artifacts/crash-...
# CC overrides the compiler (any clang with libFuzzer).
set -eu
cd "$(dirname "$0")/../.."

seconds=20
if [ $# -gt 0 ]; then
	seconds=$1
	shift
fi
case $seconds in
'' | *[!0-9]*) echo "run-fuzz.sh: SECONDS must be a number, not '$seconds'" >&2; exit 2 ;;
esac

cmake -S . -B build-fuzz -DCMAKE_C_COMPILER="${CC:-clang-19}" -DTC_FUZZ=ON \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz --target fuzz_cfg -j "$(nproc 2>/dev/null || echo 2)"

mkdir -p build-fuzz/fuzz-corpus build-fuzz/fuzz-artifacts
exec build-fuzz/tests/fuzz/fuzz_cfg -max_total_time="$seconds" -timeout=10 \
	-dict=tests/fuzz/cfg.dict -artifact_prefix=build-fuzz/fuzz-artifacts/ \
	-print_final_stats=1 "$@" build-fuzz/fuzz-corpus tests/fuzz/corpus
