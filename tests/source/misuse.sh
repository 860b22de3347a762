#!/bin/sh
# threadconv check misused or let down by what it runs: a
# compile_commands.json that is a FIFO nobody writes (an error after 10 s,
# as for an input FIFO), a compiler that leaves files in its temporary
# directory (the private folder, removed: nothing left in TMPDIR), and a
# database whose "directory" is relative (the database's folder's, not the
# current one's).
# usage: misuse.sh THREADCONV
set -u
. "$(dirname "$0")/lib.sh"
printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' > "$work/ok.cu"

# a database that is a FIFO without a writer: an error within the FIFO
# wait (10 s), not a hang
mkfifo "$work/fifo.json"
start=$(date +%s)
timeout 60 "$bin" check --compile-commands "$work/fifo.json" "$work/ok.cu" 2> "$work/err"
rc=$?
took=$(($(date +%s) - start))
[ $rc -eq 2 ] || fail "FIFO database: exit $rc (124: it hung): $(cat "$work/err")"
[ $took -le 20 ] || fail "FIFO database: took $took s"
grep -q "fifo.json: error: no writer opened the FIFO within 10 s" "$work/err" ||
	fail "FIFO database: $(cat "$work/err")"
left "FIFO database"

# a compiler that crashes leaving a reproducer in its temporary directory,
# as clang does: the private folder is that directory, and it goes
cat > "$work/crashing-clang" <<SH
#!/bin/sh
printf '%s\n' "\$TMPDIR" "\$TMP" "\$TEMP" "\$TEMPDIR" > "$work/compiler-tmpdir"
printf 'preprocessed\n' > "\$TMPDIR/ok-123456.cu"
echo "clang: error: clang frontend command failed with exit code 139" >&2
echo "Preprocessed source(s) and associated run script(s) are located at:" >&2
echo "clang: note: diagnostic msg: \$TMPDIR/ok-123456.cu" >&2
exit 1
SH
chmod +x "$work/crashing-clang"
THREADCONV_CLANG="$work/crashing-clang" "$bin" check "$work/ok.cu" 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "crashing compiler: exit $rc: $(cat "$work/err")"
for d in $(cat "$work/compiler-tmpdir" 2>/dev/null); do
	case $d in
	"$TMPDIR"/threadconv-*) ;;
	*) fail "crashing compiler: its temporary directory was '$d', not the private folder" ;;
	esac
done
[ "$(wc -l < "$work/compiler-tmpdir")" -eq 4 ] || fail "crashing compiler: did not run"
left "crashing compiler"

# a relative "directory" is the database's folder's: run from elsewhere
if command -v clang-19 > /dev/null 2>&1 || [ -x /usr/lib/llvm-19/bin/clang ]; then
	mkdir -p "$work/proj/inc" "$work/proj/build" "$work/elsewhere"
	printf '#define TILE 16\n' > "$work/proj/inc/tile.h"
	printf '#include "tile.h"\n__global__ void k(int *o) { if (threadIdx.x < TILE) __syncthreads(); o[0] = 1; }\n' \
		> "$work/proj/a.cu"
	cat > "$work/proj/build/compile_commands.json" <<'JSON'
[{"directory": "..", "file": "a.cu",
  "command": "clang++-19 -x cuda -Iinc -c a.cu --cuda-gpu-arch=sm_75"}]
JSON
	(cd "$work/elsewhere" && "$bin" check -p ../proj/build ../proj/a.cu) > "$work/out" 2> "$work/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "a.cu:2:53: warning: barrier" "$work/out" ||
		fail "relative directory: exit $rc: $(cat "$work/out" "$work/err")"
	grep -q "not in .*compile_commands.json" "$work/err" &&
		fail "relative directory: the entry was not found: $(cat "$work/err")"
	left "relative directory"
fi

[ $fails -eq 0 ] && echo "misuse: all cases passed"
exit $fails
