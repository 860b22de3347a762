#!/bin/sh
# -o naming one of the inputs (by its name, another spelling, a symbolic
# link, a hard link, or the file standard input reads) is refused as cp a a
# is: "threadconv: error: ...", exit status 2, the input as it was, and no
# temporary file beside it. check and analyze; .cfg, .ptx, and .cu when
# clang-19 is there.
# usage: output-input.sh THREADCONV TESTS-DIR
set -u
bin=$1
tests=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cp "$tests/cli/check/divergent.cfg" "$work/x.cfg"
cp "$tests/ptx/pred_barrier.ptx" "$work/x.ptx"
cp "$tests/cli/check/clean.cfg" "$work/other.cfg"
printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' \
	> "$work/x.cu"
for f in x.cfg x.ptx x.cu; do cp "$work/$f" "$work/$f.orig"; done
ln -s x.cfg "$work/link.cfg"
ln "$work/x.ptx" "$work/hard.ptx"

# refused: NAME WANT-IN-MESSAGE FILE-THAT-MUST-STAY ARGS...
refused() {
	name=$1 want=$2 kept=$3
	shift 3
	for f in x.cfg x.ptx x.cu; do cp "$work/$f.orig" "$work/$f"; done
	(cd "$work" && "$bin" "$@") > "$work/out" 2> "$work/err" < "${stdin:-/dev/null}"
	rc=$?
	[ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
	grep -q "^threadconv: error: .*$want" "$work/err" || fail "$name: stderr: $(cat "$work/err")"
	cmp -s "$work/$kept" "$work/$kept.orig" || fail "$name: $kept was changed"
	[ -s "$work/out" ] && fail "$name: wrote to stdout: $(head -c 200 "$work/out")"
	left=$(ls -A "$work" | grep '^\.') && fail "$name: left $left"
}

refused "check -o x.cfg x.cfg" "'x.cfg' is an input" x.cfg check -o x.cfg x.cfg
refused "check -o x.ptx x.ptx" "'x.ptx' is an input" x.ptx check -o x.ptx x.ptx
refused "check --format sarif" "'x.ptx' is an input" x.ptx \
	check --format sarif --output=x.ptx other.cfg x.ptx
refused "check -o ./x.cfg x.cfg" "'./x.cfg' is the input 'x.cfg'" x.cfg \
	check -o ./x.cfg x.cfg
refused "check -o link.cfg x.cfg" "'link.cfg' is the input 'x.cfg'" x.cfg \
	check -o link.cfg x.cfg
refused "check -o x.cfg link.cfg" "'x.cfg' is the input 'link.cfg'" x.cfg \
	check -o x.cfg link.cfg
refused "check -o hard.ptx x.ptx" "'hard.ptx' is the input 'x.ptx'" x.ptx \
	check -o hard.ptx x.ptx
stdin=$work/x.cfg refused "check -o x.cfg -" "'x.cfg' is the input '<stdin>'" x.cfg \
	check -o x.cfg -
refused "check --write-baseline link.cfg x.cfg" "'link.cfg' is the input 'x.cfg'" x.cfg \
	check --write-baseline link.cfg x.cfg
refused "analyze -o x.cfg x.cfg" "'x.cfg' is an input" x.cfg analyze -o x.cfg x.cfg
refused "analyze --format dot -o link.cfg" "'link.cfg' is the input 'x.cfg'" x.cfg \
	analyze --format dot -o link.cfg other.cfg x.cfg
if command -v clang-19 >/dev/null 2>&1 || [ -x /usr/lib/llvm-19/bin/clang ]; then
	refused "check -o x.cu x.cu" "'x.cu' is an input" x.cu check -o x.cu x.cu
	refused "check -j 2 -o x.cu" "'x.cu' is an input" x.cu \
		check -j 2 -o x.cu x.ptx x.cu
fi

# an -o file that is not an input is still written
cp "$work/x.cfg.orig" "$work/x.cfg"
(cd "$work" && "$bin" check -o report.txt x.cfg) 2> "$work/err"
rc=$?
[ $rc -eq 1 ] && [ -s "$work/report.txt" ] || fail "check -o report.txt: exit $rc: $(cat "$work/err")"

[ $fails -eq 0 ] || exit 1
echo "output-input: all passed"
