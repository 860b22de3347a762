#!/bin/sh
# The project here configured by CMake with CMAKE_EXPORT_COMPILE_COMMANDS=ON
# and clang++ (CMakeLists.txt), then `threadconv check -p BUILD` on its two
# kernels: each compiled with its own include path and TILE from the
# database, the one divergent barrier reported, the same bytes with -j 1
# and -j 2; without the database the kernels do not compile.
# usage: run.sh THREADCONV CLANGXX
set -u
bin=$1
cxx=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cmake -S "$here" -B "$work/build" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; echo "FAIL: cmake could not configure the project"; exit 1; }
[ -f "$work/build/compile_commands.json" ] || { echo "FAIL: no compile_commands.json"; exit 1; }

cd "$here"
cat > "$work/want" <<'OUT'
src/stencil.cu:11:3: warning: barrier may be reached by only some threads of the block [-Wbarrier-after-exit]
src/stencil.cu:9:6: note: the branch here may go different ways in different threads
src/stencil.cu:9:6: note: branch depends on threadIdx.x (src/stencil.cu:8:35)
src/stencil.cu:9:6: note: the threads that go this way leave the kernel without reaching it: a bar.sync (CUDA, sm_70 and later) and AMDGPU's s_barrier wait only for the threads that have not exited, so the hardware does not hang, yet CUDA's, OpenCL's and Vulkan's rules still require the whole block to reach it
OUT
for j in 1 2; do
  "$bin" check -q --no-caret -j $j -p "$work/build" src/scan.cu src/stencil.cu \
    > "$work/out.$j" 2> "$work/err"; rc=$?
  [ $rc -eq 1 ] || fail "-p, -j $j: exit $rc: $(cat "$work/err")"
  [ -s "$work/err" ] && fail "-p, -j $j: said on stderr: $(cat "$work/err")"
  cmp -s "$work/want" "$work/out.$j" ||
    fail "-p, -j $j: the report is not the one expected:
$(diff "$work/want" "$work/out.$j")"
done

# --compile-commands names the file itself; the clean kernel alone: exit 0
"$bin" check --compile-commands "$work/build/compile_commands.json" src/scan.cu \
  > "$work/out" 2> "$work/err"; rc=$?
[ $rc -eq 0 ] && [ ! -s "$work/out" ] || fail "scan.cu alone: exit $rc: $(cat "$work/out" "$work/err")"

# without the database: TILE and the include path are missing
"$bin" check src/stencil.cu > "$work/out" 2> "$work/err"; rc=$?
# (the message is clang's, or, where a CUDA toolkit is, that of nvcc's
# preprocessor)
[ $rc -eq 2 ] && grep -Eq "'tile.cuh' file not found|tile.cuh: No such file" "$work/err" ||
  fail "without -p: exit $rc: $(cat "$work/err")"

[ $fails -eq 0 ] && echo "compile_commands.json from CMake: ok"
exit $fails
