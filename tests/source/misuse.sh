#!/bin/sh
# threadconv check misused or let down by what it runs: a compiler that
# leaves files in its temporary directory (the private folder, removed:
# nothing left in TMPDIR).
# usage: misuse.sh THREADCONV
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR="$work/tmp"
mkdir "$TMPDIR"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
left() { [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: left in TMPDIR: $(ls -A "$TMPDIR")"; }
printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' > "$work/ok.cu"

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

[ $fails -eq 0 ] && echo "misuse: all cases passed"
exit $fails
