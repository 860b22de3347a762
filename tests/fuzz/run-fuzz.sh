#!/bin/sh
# Fuzzes one target for SECONDS (default 20): builds the libFuzzer targets in
# build-fuzz/ with clang-19, ASan and UBSan, then runs one from its seeds.
# Further arguments go to libFuzzer.
#
#   tests/fuzz/run-fuzz.sh [cfg|llvm|ptx|spirv] [SECONDS] [LIBFUZZER-ARGS...]
#
# cfg (the default): the .cfg parser, the solvers and the reports, from the
# seed corpus tests/fuzz/corpus. llvm: the LLVM IR reader, text and bitcode,
# from every kernel of tests/kernels compiled at -O0 and -O2 (llvm-seeds.py)
# and the IR of tests/llvm. ptx: the PTX reader, from the same kernels
# compiled to PTX and the PTX of tests/ptx. Every target is also seeded with
# every test input of its kind anywhere under tests/ (*.cfg; *.ll and *.bc;
# *.ptx; *.spvasm and *.spv), gathered in build-fuzz/TARGET-seeds/. New inputs
# go to build-fuzz/TARGET-corpus/ (the seeds are only read); a crashing input
# is saved in build-fuzz/fuzz-artifacts/ and the script exits non-zero.
# Reproduce one with
#   build-fuzz/tests/fuzz/fuzz_TARGET build-fuzz/fuzz-artifacts/crash-...
# Before fuzzing, check-instrumented.sh makes sure that every object of the
# library has the coverage hooks. CC overrides the compiler (any clang with
# libFuzzer); TC_FUZZ_BUILD the build folder (default build-fuzz).
set -eu
cd "$(dirname "$0")/../.."

target=cfg
case ${1:-} in
cfg | llvm | ptx | spirv) target=$1; shift ;;
esac
seconds=20
if [ $# -gt 0 ]; then
	seconds=$1
	shift
fi
case $seconds in
'' | *[!0-9]*) echo "run-fuzz.sh: SECONDS must be a number, not '$seconds'" >&2; exit 2 ;;
esac

b=${TC_FUZZ_BUILD:-build-fuzz}
cmake -S . -B "$b" -DCMAKE_C_COMPILER="${CC:-clang-19}" -DTC_FUZZ=ON \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$b" --target "fuzz_$target" -j "$(nproc 2>/dev/null || echo 2)"
sh tests/fuzz/check-instrumented.sh "$b"

# seeds: every test input of the target's kind, named after its path
seeds=$b/$target-seeds
seed() {
	mkdir -p "$seeds"
	for pattern in "$@"; do
		find tests -name "$pattern" -type f -size -65k | while read -r f; do
			cp "$f" "$seeds/$(echo "${f#tests/}" | tr / _)"
		done
	done
}

mkdir -p "$b/$target-corpus" "$b/fuzz-artifacts"
if [ "$target" = cfg ]; then
	seed '*.cfg'
	exec "$b/tests/fuzz/fuzz_cfg" -max_total_time="$seconds" -timeout=10 \
		-dict=tests/fuzz/cfg.dict -artifact_prefix="$b/fuzz-artifacts/" \
		-print_final_stats=1 "$@" "$b/cfg-corpus" "$seeds"
fi
if [ "$target" = spirv ]; then
	# the SPIR-V of the tests, as text and assembled (spirv-as), and the
	# test kernels' SPIR-V when a test run left it in build/
	seed '*.spvasm' '*.spv'
	for f in tests/spirv/*.spvasm tests/spirv/collectives/*.spvasm; do
		spirv-as --target-env spv1.3 "$f" -o "$seeds/$(basename "$f" .spvasm).spv" \
			2>/dev/null || true
	done
	for f in build/tests/kernels/*.spv build/tests/kernels/calls/*.spv; do
		[ -f "$f" ] && [ "$(wc -c <"$f")" -le 65536 ] && cp "$f" "$seeds/"
	done
	# full stacks (SPIRV-Tools has no frame pointers), for the suppression
	LSAN_OPTIONS="suppressions=$PWD/tests/fuzz/lsan-spirv.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
	ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
		exec "$b/tests/fuzz/fuzz_spirv" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$b/fuzz-artifacts/" \
		-print_final_stats=1 "$@" "$b/spirv-corpus" "$seeds"
fi
if [ "$target" = ptx ]; then
	python3 tests/fuzz/llvm-seeds.py --clang "${CLANG:-clang-19}" --ptx "$seeds"
	seed '*.ptx'
	exec "$b/tests/fuzz/fuzz_ptx" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$b/fuzz-artifacts/" \
		-print_final_stats=1 "$@" "$b/ptx-corpus" "$seeds"
fi
python3 tests/fuzz/llvm-seeds.py --clang "${CLANG:-clang-19}" "$seeds"
seed '*.ll' '*.bc'
# LLVM's leaks on its error paths are not ours (tests/cli/llvm-leaks.supp);
# an allocation of more than 2 GB fails (LLVM then stops with "out of
# memory", in the reading child of fuzz_llvm) instead of filling the machine;
# what LLVM's own code does wrong is LLVM's (tests/fuzz/asan-llvm.supp)
LSAN_OPTIONS="suppressions=$PWD/tests/cli/llvm-leaks.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
ASAN_OPTIONS="max_allocation_size_mb=2048:allocator_may_return_null=1:suppressions=$PWD/tests/fuzz/asan-llvm.supp${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
	exec "$b/tests/fuzz/fuzz_llvm" -max_total_time="$seconds" -timeout=20 \
	-rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$b/fuzz-artifacts/" \
	-print_final_stats=1 "$@" "$b/llvm-corpus" "$seeds"
