# lib.sh - what the shell tests of tests/source share, sourced by each:
# the binary ($1), a work folder removed at exit, TMPDIR inside it (which
# must be empty when threadconv is done), and the failure count.
# These tests are about clang as the compiler (THREADCONV_CLANG names fakes
# of it): $bin is the binary with --cuda-compiler clang after the command,
# so that CUDA is compiled by clang also where a CUDA toolkit is installed
# (nvcc.sh tests nvcc); the wrapper execs, so $bin's PID is threadconv's.
real_bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/threadconv" <<SH
#!/bin/sh
[ \$# -gt 0 ] || exec "$real_bin"
cmd=\$1
shift
exec "$real_bin" "\$cmd" --cuda-compiler clang "\$@"
SH
chmod +x "$work/threadconv"
bin="$work/threadconv"
export TMPDIR="$work/tmp"
mkdir "$TMPDIR"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
left() { [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: left in TMPDIR: $(ls -A "$TMPDIR")"; }
# ended PID: no such process, or a zombie (nobody may reap an orphan here)
ended() {
	s=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)
	[ -z "$s" ] || [ "$s" = Z ]
}
