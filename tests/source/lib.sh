# lib.sh - what the shell tests of tests/source share, sourced by each:
# the binary ($1), a work folder removed at exit, TMPDIR inside it (which
# must be empty when threadconv is done), and the failure count.
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
