#!/bin/sh
# CUDA compiled by the CUDA toolkit's nvcc, with fake toolkits (a folder
# with bin/nvcc, a script) so that it runs anywhere: how the toolkit is
# found (--cuda-path, then $CUDA_PATH, $CUDA_HOME, PATH), the command nvcc
# gets, and a toolkit that is missing, or whose nvcc crashes, hangs, fails
# silently or writes what is not PTX: a clear error for that input naming
# the command, exit 2, nothing left running or in TMPDIR.
# usage: nvcc.sh THREADCONV
set -u
. "$(dirname "$0")/lib.sh"
tc=$real_bin # the binary itself: CUDA by nvcc, the default where a toolkit is
trap 'for p in $(cat "$work"/*.pid 2>/dev/null); do kill -9 "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

printf '__global__ void k(int *o) { if (threadIdx.x) __syncthreads(); o[0] = 1; }\n' \
	> "$work/ok.cu"
# a PTX with one divergent barrier, what the fake nvcc writes
cat > "$work/k.ptx" <<'PTX'
.version 8.0
.target sm_75
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<2>;
	.reg .pred %p<2>;
	mov.u32 %r1, %tid.x;
	setp.eq.s32 %p1, %r1, 0;
	@%p1 bra DONE;
	bar.sync 0;
DONE:
	ret;
}
PTX
# toolkit NAME BODY: $work/NAME/bin/nvcc, a script that logs its arguments
# to $work/NAME.args and then runs BODY ($out is the file after -o)
toolkit() {
	mkdir -p "$work/$1/bin"
	cat > "$work/$1/bin/nvcc" <<SH
#!/bin/sh
echo "\$*" > "$work/$1.args"
out=
prev=
for a; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
$2
SH
	chmod +x "$work/$1/bin/nvcc"
}
toolkit good 'cp "'"$work"'/k.ptx" "$out"'
toolkit other 'cp "'"$work"'/k.ptx" "$out"'
toolkit crash 'kill -SEGV $$'
toolkit silent 'exit 1'
toolkit garbage 'echo "not ptx at all" > "$out"'
toolkit hang 'echo $$ > "'"$work"'/nvcc.pid"; sleep 60 & echo $! > "'"$work"'/sleep.pid"; wait'

# found by --cuda-path, before $CUDA_PATH; the command: -ptx -lineinfo,
# the device asked for, the flags after --
(cd "$work" && CUDA_PATH="$work/other" "$tc" check --cuda-path "$work/good" \
	--cuda-gpu-arch sm_90 ok.cu -- -DX=1) > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 1 ] || fail "--cuda-path: exit $rc: $(cat "$work/err")"
grep -q "^ok.cu:[0-9:]* warning: barrier may be reached by only some threads" "$work/out" ||
	fail "--cuda-path: no finding: $(cat "$work/out")"
grep -q "^-ptx -lineinfo -arch=sm_90 -DX=1 ok.cu -o $TMPDIR/threadconv-.*/0.ptx$" \
	"$work/good.args" 2>/dev/null ||
	fail "--cuda-path: nvcc got: $(cat "$work/good.args" 2>/dev/null)"
[ -e "$work/other.args" ] && fail "--cuda-path: \$CUDA_PATH's nvcc ran"
left "--cuda-path"

# $CUDA_PATH before $CUDA_HOME; -G without -lineinfo (nvcc would warn)
rm -f "$work"/*.args
(cd "$work" && CUDA_PATH="$work/good" CUDA_HOME="$work/other" "$tc" check ok.cu -- -G) \
	> "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 1 ] || fail "CUDA_PATH: exit $rc: $(cat "$work/err")"
grep -q "^-ptx -G ok.cu -o " "$work/good.args" 2>/dev/null ||
	fail "CUDA_PATH: nvcc got: $(cat "$work/good.args" 2>/dev/null)"
[ -e "$work/other.args" ] && fail "CUDA_PATH: \$CUDA_HOME's nvcc ran"

# $CUDA_HOME, then nvcc on PATH (its toolkit: the folder above bin/)
rm -f "$work"/*.args
(cd "$work" && env -u CUDA_PATH CUDA_HOME="$work/good" PATH="$work/other/bin:$PATH" \
	"$tc" check ok.cu) > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 1 ] && [ -e "$work/good.args" ] && [ ! -e "$work/other.args" ] ||
	fail "CUDA_HOME: exit $rc: $(cat "$work/err")"
rm -f "$work"/*.args
(cd "$work" && env -u CUDA_PATH -u CUDA_HOME PATH="$work/good/bin:$PATH" \
	"$tc" check ok.cu) > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 1 ] && [ -e "$work/good.args" ] || fail "PATH: exit $rc: $(cat "$work/err")"

# --cuda-compiler clang: nvcc does not run
rm -f "$work"/*.args
(cd "$work" && "$tc" check --cuda-compiler clang --cuda-path "$work/good" ok.cu) \
	> /dev/null 2> "$work/err"
[ -e "$work/good.args" ] && fail "--cuda-compiler clang: nvcc ran"

# --cuda-path naming no toolkit; a bad --cuda-compiler
"$tc" check --cuda-path "$work/none" "$work/ok.cu" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "error: --cuda-path $work/none: no CUDA toolkit there (no bin/nvcc)" \
	"$work/err" || fail "no toolkit: exit $rc: $(cat "$work/err")"
left "no toolkit"
"$tc" check --cuda-compiler gcc "$work/ok.cu" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "bad --cuda-compiler 'gcc' (expected nvcc or clang)" "$work/err" ||
	fail "--cuda-compiler gcc: exit $rc: $(cat "$work/err")"

# nvcc that crashes, fails silently, writes no PTX: an error naming the
# command (crash, silence) or the reader's error, exit 2
for kind in crash silent garbage; do
	(cd "$work" && "$tc" check --cuda-path "$work/$kind" ok.cu) > "$work/out" 2> "$work/err"
	rc=$?
	[ $rc -eq 2 ] || fail "$kind: exit $rc"
	[ -s "$work/out" ] && fail "$kind: a report was written: $(cat "$work/out")"
	case $kind in
	crash) want="^ok.cu: error: $work/crash/bin/nvcc died of signal 11: $work/crash/bin/nvcc -ptx -lineinfo ok.cu -o " ;;
	silent) want="^ok.cu: error: $work/silent/bin/nvcc failed (exit status 1) and said nothing: .* -ptx -lineinfo ok.cu -o " ;;
	garbage) want="^ok.cu:1:1: error: " ;;
	esac
	grep -q "$want" "$work/err" || fail "$kind: $(cat "$work/err")"
	left "$kind"
done

# nvcc that never ends (nor what it starts): killed after --timeout
start=$(date +%s)
(cd "$work" && timeout 60 "$tc" check --timeout 2 --cuda-path "$work/hang" ok.cu) \
	> "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && [ $(($(date +%s) - start)) -lt 30 ] || fail "hang: exit $rc after $(($(date +%s) - start)) s"
grep -q "^ok.cu: error: the compiler did not finish within 2 s (--timeout), and was killed: $work/hang/bin/nvcc -ptx -lineinfo ok.cu -o " \
	"$work/err" || fail "hang: $(cat "$work/err")"
sleep 0.5
for f in nvcc sleep; do
	[ -s "$work/$f.pid" ] && ! ended "$(cat "$work/$f.pid")" && fail "hang: $f still runs"
done
left "hang"

[ $fails -eq 0 ] && echo "nvcc: ok"
exit $fails
