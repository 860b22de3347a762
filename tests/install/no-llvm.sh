#!/bin/sh
# no-llvm.sh SOURCE WORK: builds threadconv with -DTC_WITH_LLVM=OFF in WORK
# and checks it: .cfg input is analysed as ever, LLVM IR is refused with
# "built without LLVM IR support" and exit status 2, and libthreadconv.so
# does not link LLVM.
set -eu
src=$1
work=$2
rm -rf "$work"
cmake -S "$src" -B "$work" -DTC_WITH_LLVM=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$work.log" 2>&1 ||
	{ cat "$work.log" >&2; exit 1; }
cmake --build "$work" -j "$(nproc 2>/dev/null || echo 2)" --target threadconv threadconv_shared \
	>>"$work.log" 2>&1 || { tail -30 "$work.log" >&2; exit 1; }
"$work/threadconv" analyze "$src/examples/paper-loop.cfg" >"$work/cfg.out"
grep -q '^graph ' "$work/cfg.out"
status=0
"$work/threadconv" check "$src/tests/llvm/ir/loops.ll" 2>"$work/ir.err" || status=$?
[ "$status" = 2 ] || { echo "no-llvm: IR gave exit status $status" >&2; exit 1; }
grep -q 'built without LLVM IR support' "$work/ir.err" ||
	{ echo "no-llvm: IR gave:" >&2; cat "$work/ir.err" >&2; exit 1; }
if ldd "$work/libthreadconv.so" | grep -q -i llvm; then
	echo "no-llvm: libthreadconv.so links LLVM" >&2
	exit 1
fi
echo "no-llvm: .cfg analysed, IR refused: $(cat "$work/ir.err")"
