#!/bin/sh
# The kernels of tests/compdb as a project of CMake's CUDA language
# (nvcc/CMakeLists.txt), configured with the CUDA toolkit's nvcc by each
# generator (Unix Makefiles, and Ninja where it is installed); then
# `threadconv check -p BUILD` with no file named checks every source of the
# database, each compiled by nvcc with its entry's own command (its
# --options-file, -gencode, -rdc=true, -x cu) in its entry's folder: the one
# divergent barrier reported; the same with the files named. Also: an entry
# whose folder is gone, and one whose nvcc is gone, are errors for that
# input naming them.
# usage: run-nvcc.sh THREADCONV NVCC (exit 77, skipped, without NVCC)
set -u
bin=$1
nvcc=${2:-}
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "skipped: no CUDA toolkit (nvcc) found"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cat > "$work/want" <<'OUT'
src/stencil.cu:11:3: warning: barrier may be reached by only some threads of the block [-Wbarrier-after-exit]
src/stencil.cu:9:2: note: the branch here may go different ways in different threads
src/stencil.cu:9:2: note: branch depends on threadIdx.x (src/stencil.cu:8:2)
src/stencil.cu:9:2: note: the threads that go this way leave the kernel without reaching it: a bar.sync (CUDA, sm_70 and later) and AMDGPU's s_barrier wait only for the threads that have not exited, so the hardware does not hang, yet CUDA's, OpenCL's and Vulkan's rules still require the whole block to reach it
OUT
generators="Unix Makefiles"
command -v ninja > /dev/null 2>&1 && generators="$generators
Ninja"
n=0
echo "$generators" | while IFS= read -r gen; do
  n=$((n + 1))
  b="$work/build$n"
  CUDACXX="$nvcc" cmake -S "$here/nvcc" -B "$b" -G "$gen" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$work/cmake.log" 2>&1 ||
    { cat "$work/cmake.log"; echo "FAIL: $gen: cmake could not configure the project"; exit 1; }
  grep -q '"command": "[^"]*nvcc' "$b/compile_commands.json" ||
    { echo "FAIL: $gen: the database's commands are not nvcc's"; exit 1; }
  cd "$here"
  # no file named: every source of the database
  "$bin" check --no-caret -p "$b" > "$work/out" 2> "$work/err"; rc=$?
  [ $rc -eq 1 ] || fail "$gen: -p alone: exit $rc: $(cat "$work/err")"
  cmp -s "$work/want" "$work/out" ||
    fail "$gen: -p alone: not the report expected:
$(diff "$work/want" "$work/out")"
  # named, -j 2
  "$bin" check --no-caret -j 2 -p "$b" src/scan.cu src/stencil.cu > "$work/out" 2> "$work/err"
  rc=$?
  [ $rc -eq 1 ] && cmp -s "$work/want" "$work/out" ||
    fail "$gen: named: exit $rc: $(cat "$work/out" "$work/err")"
  [ $fails -eq 0 ] || exit 1
done || fails=$((fails + 1))

# an entry whose folder is gone; one whose compiler is gone
cd "$here"
cat > "$work/gone.json" <<JSON
[{"directory": "$work/no-such-folder", "file": "$here/src/scan.cu",
  "command": "$nvcc -x cu -c $here/src/scan.cu -o scan.o"},
 {"directory": "$work", "file": "$here/src/stencil.cu",
  "command": "$work/no-such-nvcc -x cu -c $here/src/stencil.cu -o stencil.o"}]
JSON
"$bin" check --compile-commands "$work/gone.json" > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 2 ] || fail "gone: exit $rc"
grep -q "^src/scan.cu: error: cannot enter $work/no-such-folder, the folder of its database entry: No such file or directory" "$work/err" ||
  fail "gone folder: $(cat "$work/err")"
grep -q "^src/stencil.cu: error: cannot run $work/no-such-nvcc: No such file or directory" "$work/err" ||
  fail "gone compiler: $(cat "$work/err")"

[ $fails -eq 0 ] && echo "compile_commands.json of a CUDA project, nvcc: ok"
exit $fails
