#!/bin/sh
# threadconv check on sources that do not compile, or cannot be compiled,
# flags after --, a compilation database, and a run interrupted while the
# compiler runs: the messages, exit status 2
# (or death by SIGINT), and no temporary file left behind.
# usage: errors.sh THREADCONV
set -u
. "$(dirname "$0")/lib.sh"

# a compile error: clang's message as it printed it, exit 2
printf '__global__ void k(int *o) { o[0] = undefined; }\n' > "$work/bad.cu"
"$bin" check "$work/bad.cu" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "compile error: exit $rc"
grep -q "bad.cu:1:36: error: use of undeclared identifier 'undefined'" "$work/err" ||
  fail "compile error: $(cat "$work/err")"
[ -s "$work/out" ] && fail "compile error: a report was written"
left "compile error"

# no compiler
printf '__global__ void k(int *o) { o[0] = 1; }\n' > "$work/ok.cu"
THREADCONV_CLANG=/nonexistent/clang-19 "$bin" check "$work/ok.cu" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "no compiler: exit $rc"
grep -q "ok.cu: error: cannot run /nonexistent/clang-19: No such file or directory" \
  "$work/err" || fail "no compiler: $(cat "$work/err")"
left "no compiler"

# a compiler that fails silently
THREADCONV_CLANG=false "$bin" check "$work/ok.cu" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "silent compiler: exit $rc"
grep -q "failed (exit status 1) and said nothing" "$work/err" ||
  fail "silent compiler: $(cat "$work/err")"

# a header of the CUDA toolkit, which the prelude does not replace
printf '#include <cooperative_groups.h>\n__global__ void k(int *o) { o[0] = 1; }\n' \
  > "$work/cg.cu"
"$bin" check "$work/cg.cu" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "toolkit header: exit $rc"
grep -q "'cooperative_groups.h' file not found" "$work/err" &&
  grep -q "cg.cu: note: compiled by clang-19 with threadconv's prelude in place of the CUDA toolkit's headers (--cuda-compiler clang), and 'cooperative_groups.h' is not in it: let nvcc compile it" \
    "$work/err" || fail "toolkit header: $(cat "$work/err")"
left "toolkit header"

# flags after --, and a name with spaces
cat > "$work/with flags.cu" <<'CU'
#ifndef N
#error N is not defined
#endif
__global__ void k(int *o) { if (threadIdx.x < N) __syncthreads(); o[0] = 1; }
CU
"$bin" check "$work/with flags.cu" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "error: N is not defined" "$work/err" ||
  fail "no -DN: exit $rc: $(cat "$work/err")"
"$bin" check "$work/with flags.cu" -- -DN=4 > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 1 ] || fail "-- -DN=4: exit $rc: $(cat "$work/err")"
grep -q "with flags.cu:4:50: warning: barrier may be reached by only some threads" \
  "$work/out" || fail "-- -DN=4: $(cat "$work/out")"
left "-- flags"

# a compilation database: the entry's include path (relative to its
# directory), a quoted macro and its device; its output and -O3 dropped
mkdir -p "$work/db/inc" "$work/db/build"
printf '#define TILE 16\n' > "$work/db/inc/tile.h"
printf '#include "tile.h"\n__global__ void k(int *o) { if (threadIdx.x < TILE * SCALE) __syncthreads(); o[0] = 1; }\n' > "$work/db/a.cu"
cat > "$work/db/build/compile_commands.json" <<JSON
[{"directory": "$work/db/build", "file": "../a.cu",
  "command": "/usr/bin/clang++-19 -x cuda -I../inc '-DSCALE=2' -O3 -o a.o -c ../a.cu --cuda-gpu-arch=sm_75"}]
JSON
"$bin" check "$work/db/a.cu" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "'tile.h' file not found" "$work/err" ||
  fail "no database: exit $rc: $(cat "$work/err")"
"$bin" check -p "$work/db/build" "$work/db/a.cu" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 1 ] && grep -q "a.cu:2:61: warning: barrier" "$work/out" ||
  fail "-p: exit $rc: $(cat "$work/out" "$work/err")"
"$bin" check -p "$work/db/build" "$work/ok.cu" 2> "$work/err"; rc=$?
[ $rc -eq 0 ] && grep -q "ok.cu: warning: not in .*compile_commands.json" "$work/err" ||
  fail "-p, not in it: exit $rc: $(cat "$work/err")"
left "-p"

# a source that is not there: our own "cannot open file", not the
# compiler's, and the other sources are compiled
(cd "$work" && "$bin" check missing.cu missing.comp ok.cu) > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "missing source: exit $rc"
grep -q "^missing.cu: error: cannot open file: No such file or directory$" "$work/err" &&
  grep -q "^missing.comp: error: cannot open file: No such file or directory$" "$work/err" ||
  fail "missing source: $(cat "$work/err")"
[ "$(grep -c error "$work/err")" -eq 2 ] || fail "missing source: more errors: $(cat "$work/err")"
left "missing source"

# glslangValidator's line naming the file it read is not passed on
printf '#version 450\nlayout(local_size_x = 64) in;\nvoid main() { barrier(); }\n' \
  > "$work/ok.comp"
(cd "$work" && "$bin" check ok.comp) > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 0 ] || fail "glslang: exit $rc: $(cat "$work/err")"
grep -q "^ok.comp$" "$work/out" "$work/err" && fail "glslang: its file name line was passed on"

# a message of clang's about the prelude names it <threadconv>/..., not the
# private folder, which is gone when the message is read
printf '__global__ void k(int *o) { o[0] = __shfl_sync(1, 2); }\n' > "$work/shfl.cu"
"$bin" check "$work/shfl.cu" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "^<threadconv>/cuda_prelude.h:[0-9]*:[0-9]*: note: candidate function" \
  "$work/err" || fail "prelude's name: exit $rc: $(cat "$work/err")"
grep -q "$TMPDIR" "$work/err" && fail "prelude's name: the private folder is named"
left "prelude's name"

# SIGINT while the compiler runs, sent to the process group as a terminal does
cat > "$work/slow-clang" <<'SH'
#!/bin/sh
sleep 30
SH
chmod +x "$work/slow-clang"
THREADCONV_CLANG="$work/slow-clang" setsid "$bin" check "$work/ok.cu" 2> "$work/err" &
pid=$!
sleep 1
[ -n "$(ls -A "$TMPDIR")" ] || fail "SIGINT: no private folder while compiling"
kill -INT -"$pid"
wait "$pid"; rc=$?
[ $rc -eq 130 ] || fail "SIGINT: exit $rc (want 130, death by SIGINT)"
left "SIGINT"

[ $fails -eq 0 ] && echo "all cases passed"
exit $fails
