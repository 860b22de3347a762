; OpenCL as clang leaves it for SPIR: spir_kernel, builtins as calls,
; private memory in address space 0.
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
b0: ; group id: uniform
  %grp = call i64 @_Z12get_group_idj(i32 0)
  %c0 = icmp eq i64 %grp, 0
  br i1 %c0, label %b1, label %b1

b1: ; local id: divergent
  %lid = call i64 @_Z12get_local_idj(i32 0)
  %c1 = icmp eq i64 %lid, 0
  br i1 %c1, label %b2, label %b2

b2: ; local memory at a uniform address: uniform
  %v2 = load i32, ptr addrspace(3) %l
  %c2 = icmp eq i32 %v2, 0
  br i1 %c2, label %b3, label %b3

b3: ; private memory (address space 0): divergent
  %arr = alloca [4 x i32], align 4
  %p3 = getelementptr [4 x i32], ptr %arr, i64 0, i64 %grp
  store i32 1, ptr %p3
  %q3 = getelementptr [4 x i32], ptr %arr, i64 0, i64 1
  %v3 = load i32, ptr %q3
  %c3 = icmp eq i32 %v3, 0
  br i1 %c3, label %b4, label %b4

b4:
  call void @_Z7barrierj(i32 1)
  call void @_Z18work_group_barrierj(i32 1)
  ret void
}

declare i64 @_Z12get_group_idj(i32)
declare i64 @_Z12get_local_idj(i32)
declare void @_Z7barrierj(i32)
declare void @_Z18work_group_barrierj(i32)
