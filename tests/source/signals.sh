#!/bin/sh
# threadconv check and the signals sent to the process alone (not to its
# process group, as a terminal does): SIGKILL ends the isolating child and
# the compilers with it, and no orphan finishes the -o file; SIGINT while a
# compiler runs or while a database FIFO is waited for stops the run, which
# dies of SIGINT (exit status 130 here) and leaves nothing in TMPDIR.
# usage: signals.sh THREADCONV
set -u
. "$(dirname "$0")/lib.sh"
ended_all() {
	for p in "$@"; do ended "$p" || return 1; done
}
# until SECONDS COMMAND...: polls COMMAND every 0.1 s for up to SECONDS
until_ok() {
	n=$(($1 * 10))
	shift
	while ! "$@"; do
		n=$((n - 1))
		[ $n -gt 0 ] || return 1
		sleep 0.1
	done
}
exists() { [ -s "$1" ]; }
strays=""
trap 'for p in $strays; do kill -9 "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
clang=clang-19
command -v clang-19 > /dev/null 2>&1 || clang=/usr/lib/llvm-19/bin/clang
printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' > "$work/ok.cu"

# SIGKILL while the compiler runs: the compiler (which would finish after
# 3 s) and the isolating child end with threadconv, and the -o file is
# never written
cat > "$work/slow-clang" <<SH
#!/bin/sh
echo \$\$ > "$work/compiler.pid"
sleep 3
exec $clang "\$@"
SH
chmod +x "$work/slow-clang"
THREADCONV_CLANG="$work/slow-clang" "$bin" check -o "$work/report.txt" "$work/ok.cu" \
	2> "$work/err" &
pid=$!
if until_ok 10 exists "$work/compiler.pid"; then
	compiler=$(cat "$work/compiler.pid")
	worker=$(pgrep -P "$pid" | head -n 1)
	strays="$compiler $worker"
	kill -KILL "$pid"
	wait "$pid"
	[ -n "$worker" ] || fail "SIGKILL: no isolating child"
	until_ok 2 ended_all $compiler $worker
	ended "$compiler" || fail "SIGKILL: the compiler $compiler runs on"
	ended "${worker:-0}" || fail "SIGKILL: the isolating child $worker runs on"
	sleep 4 # past when the compiler would have finished
	[ -e "$work/report.txt" ] && fail "SIGKILL: an orphan wrote the -o file"
else
	fail "SIGKILL: the compiler did not start: $(cat "$work/err")"
	kill -KILL "$pid"
	wait "$pid"
fi

rm -f "$work/compiler.pid"
rm -rf "$TMPDIR"/* # the private folder: nobody is left to remove it

# SIGINT to threadconv alone while the compiler runs (it would for 30 s)
cat > "$work/hung-clang" <<SH
#!/bin/sh
echo \$\$ > "$work/compiler.pid"
exec sleep 30
SH
chmod +x "$work/hung-clang"
THREADCONV_CLANG="$work/hung-clang" "$bin" check "$work/ok.cu" 2> "$work/err" &
pid=$!
if until_ok 10 exists "$work/compiler.pid"; then
	compiler=$(cat "$work/compiler.pid")
	strays="$strays $compiler"
	start=$(date +%s)
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	took=$(($(date +%s) - start))
	[ $rc -eq 130 ] || fail "SIGINT, compiling: exit $rc (want 130, death by SIGINT)"
	[ $took -le 5 ] || fail "SIGINT, compiling: took $took s"
	until_ok 2 ended "$compiler" || fail "SIGINT, compiling: the compiler runs on"
else
	fail "SIGINT, compiling: the compiler did not start: $(cat "$work/err")"
	kill -KILL "$pid"
	wait "$pid"
fi
left "SIGINT, compiling"

# SIGINT to threadconv alone while it waits for a database that is a FIFO
# without a writer (it would give up after 10 s)
mkfifo "$work/fifo.json"
"$bin" check --compile-commands "$work/fifo.json" "$work/ok.cu" 2> "$work/err" &
pid=$!
sleep 1
start=$(date +%s)
kill -INT "$pid"
wait "$pid"
rc=$?
took=$(($(date +%s) - start))
[ $rc -eq 130 ] || fail "SIGINT, FIFO database: exit $rc (want 130): $(cat "$work/err")"
[ $took -le 5 ] || fail "SIGINT, FIFO database: took $took s"
left "SIGINT, FIFO database"

[ $fails -eq 0 ] && echo "signals: all cases passed"
exit $fails
