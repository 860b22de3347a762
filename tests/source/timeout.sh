#!/bin/sh
# --timeout and a compiler that never ends: among three sources compiled
# with -j 2, the hung one is killed after 2 s (and what it started), its
# source is an error that shows the command, the others are compiled and
# their messages shown in input order, exit status 2, for check and
# analyze; nothing is left in TMPDIR. A bad --timeout is a usage error.
# usage: timeout.sh THREADCONV
set -u
. "$(dirname "$0")/lib.sh"
trap 'for p in $(cat "$work"/*.pid 2>/dev/null); do kill -9 "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
clang=clang-19
command -v clang-19 > /dev/null 2>&1 || clang=/usr/lib/llvm-19/bin/clang

# hang.cu's compiler never ends (nor does the process it starts); the
# others are compiled by clang: ok.cu compiles, bad.cu does not
cat > "$work/clang" <<SH
#!/bin/sh
for a; do
	case \$a in
	*hang.cu)
		echo \$\$ > "$work/compiler.pid"
		sleep 60 &
		echo \$! > "$work/grandchild.pid"
		wait
		exit 0 ;;
	esac
done
exec $clang "\$@"
SH
chmod +x "$work/clang"
printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' > "$work/ok.cu"
cp "$work/ok.cu" "$work/hang.cu"
printf '__global__ void k(int *o) { o[0] = undefined_here; }\n' > "$work/bad.cu"

for cmd in check analyze; do
	rm -f "$work"/*.pid
	start=$(date +%s)
	(cd "$work" && THREADCONV_CLANG="$work/clang" timeout 60 "$bin" $cmd --timeout 2 -j 2 \
		hang.cu ok.cu bad.cu) > "$work/out" 2> "$work/err"
	rc=$?
	took=$(($(date +%s) - start))
	[ $rc -eq 2 ] || fail "$cmd: exit $rc (124: it hung): $(cat "$work/err")"
	[ $took -le 10 ] || fail "$cmd: took $took s"
	# ok.cu's report all the same
	grep -q "ok.cu" "$work/out" || fail "$cmd: no report of ok.cu: $(cat "$work/out")"
	grep -q "^hang.cu: error: the compiler did not finish within 2 s (--timeout), and was killed: $work/clang -x cuda .* hang.cu -o " "$work/err" ||
		fail "$cmd: no error naming the command: $(cat "$work/err")"
	# the others went on, their messages after hang.cu's
	sed -n '2p' "$work/err" | grep -q "^bad.cu:1:36: error: use of undeclared identifier" ||
		fail "$cmd: bad.cu's message is not next: $(cat "$work/err")"
	for p in compiler grandchild; do
		if [ -s "$work/$p.pid" ]; then
			ended "$(cat "$work/$p.pid")" || fail "$cmd: the hung $p runs on"
		else
			fail "$cmd: no $p started"
		fi
	done
	left "$cmd"
done

# the command is shown as a shell would take it back
printf '__global__ void k(int *o) { o[0] = 1; }\n' > "$work/it's hang.cu"
(cd "$work" && THREADCONV_CLANG="$work/clang" timeout 60 "$bin" check --timeout 1 \
	"it's hang.cu") > /dev/null 2> "$work/err"
grep -q " 'it'\\\\''s hang.cu' -o " "$work/err" || fail "quoting: $(cat "$work/err")"
left "quoting"

# a bad value
for v in x -1 1e99 ''; do
	"$bin" check --timeout "$v" "$work/ok.cu" > /dev/null 2> "$work/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q "error: --timeout: '$v' is not a number of seconds" "$work/err" ||
		fail "--timeout '$v': exit $rc: $(cat "$work/err")"
done
# 0: no limit
THREADCONV_CLANG="$work/clang" "$bin" check --timeout 0 "$work/ok.cu" > /dev/null 2>&1
rc=$?
[ $rc -eq 1 ] || fail "--timeout 0: exit $rc"

[ $fails -eq 0 ] && echo "timeout: all cases passed"
exit $fails
