# spir64's byval struct argument: a field the kernel does not write is the
# same in every thread; one it writes with the thread's index is not
# (../ir/byval.ll: clang-19 -x cl -cl-std=CL2.0 -target spir64 -O1 -g -S
# -emit-llvm ../../kernels/cl_byval.cl, run in ../ir)
args: check --no-caret ../ir/byval.ll
status: 1
