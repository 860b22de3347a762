#!/bin/sh
# --timeout and reading that never ends: LLVM's verifier on a scope cycle
# (hostile-scope-cycle.ll, twice among five inputs), and a FIFO whose writer
# sends nothing. Each such input is an error that says its reading did not
# finish, the inputs after it are read (their errors shown), the report of
# the good ones written, exit status 2, for check and analyze, the same bytes with -j 1 and -j 4; --timeout wins
# over THREADCONV_READ_SECONDS.
# usage: timeout.sh THREADCONV TESTS-DIR
set -u
bin=$1
tests=$2
work=$(mktemp -d)
writer=""
trap '[ -z "$writer" ] || kill "$writer" 2>/dev/null; rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cd "$tests" || exit 1
hang=cli/hostile-scope-cycle.ll
inputs="cli/analyze/diamond.cfg $hang ptx/bra_uni.ptx $hang spirv/cli/truncated.spv"
for cmd in check analyze; do
	for j in 1 4; do
		start=$(date +%s)
		THREADCONV_READ_SECONDS=100 timeout 60 "$bin" $cmd --timeout 2 -j $j $inputs \
			> "$work/out" 2> "$work/err.$j"
		rc=$?
		took=$(($(date +%s) - start))
		[ $rc -eq 2 ] || fail "$cmd -j $j: exit $rc (124: it hung): $(cat "$work/err.$j")"
		[ $took -le 15 ] || fail "$cmd -j $j: took $took s"
		# the report of the inputs that were read, as without the others
		"$bin" $cmd -q cli/analyze/diamond.cfg ptx/bra_uni.ptx > "$work/want" 2>/dev/null
		cmp -s "$work/want" "$work/out" ||
			fail "$cmd -j $j: not the report of the good inputs: $(diff "$work/want" "$work/out")"
		n=$(grep -c "^$hang: error: reading this input did not finish within 2 s (--timeout)$" \
			"$work/err.$j")
		[ "$n" -eq 2 ] || fail "$cmd -j $j: $n time-outs, want 2: $(cat "$work/err.$j")"
		grep -q "^spirv/cli/truncated.spv: error: " "$work/err.$j" ||
			fail "$cmd -j $j: the last input was not read: $(cat "$work/err.$j")"
	done
	cmp -s "$work/err.1" "$work/err.4" ||
		fail "$cmd: -j 4 differs from -j 1: $(diff "$work/err.1" "$work/err.4")"
done

# a FIFO whose writer never writes (nor closes it)
mkfifo "$work/never.cfg"
sleep 60 > "$work/never.cfg" &
writer=$!
start=$(date +%s)
timeout 60 "$bin" analyze --timeout 1 "$work/never.cfg" cli/analyze/diamond.cfg \
	> /dev/null 2> "$work/err"
rc=$?
took=$(($(date +%s) - start))
[ $rc -eq 2 ] && [ $took -le 8 ] &&
	grep -q "never.cfg: error: reading this input did not finish within 1 s (--timeout)" \
		"$work/err" || fail "FIFO: exit $rc after $took s: $(cat "$work/err")"

[ $fails -eq 0 ] && echo "timeout: all cases passed"
exit $fails
