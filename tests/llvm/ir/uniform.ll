; Uniformity of branch conditions (NVPTX). Block bK branches on %cK to
; bK+1 either way; the comment says whether %cK is uniform.
target triple = "nvptx64-nvidia-cuda"

@shared = internal addrspace(3) global [64 x i32] undef

define void @kinds(i32 %n, ptr addrspace(1) %g, ptr %gen) {
b0: ; block id: uniform
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c0 = icmp eq i32 %ctaid, 0
  br i1 %c0, label %b1, label %b1

b1: ; kernel argument: uniform
  %c1 = icmp sgt i32 %n, 4
  br i1 %c1, label %b2, label %b2

b2: ; thread id: divergent
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c2 = icmp eq i32 %tid, 0
  br i1 %c2, label %b3, label %b3

b3: ; global load at a uniform address: uniform
  %p3 = getelementptr i32, ptr addrspace(1) %g, i32 %ctaid
  %v3 = load i32, ptr addrspace(1) %p3
  %c3 = icmp eq i32 %v3, 0
  br i1 %c3, label %b4, label %b4

b4: ; global load at a thread's address: divergent
  %p4 = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %v4 = load i32, ptr addrspace(1) %p4
  %c4 = icmp eq i32 %v4, 0
  br i1 %c4, label %b5, label %b5

b5: ; atomic: divergent
  %v5 = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %c5 = icmp eq i32 %v5, 0
  br i1 %c5, label %b6, label %b6

b6: ; unknown call: divergent
  %v6 = call i32 @external()
  %c6 = icmp eq i32 %v6, 0
  br i1 %c6, label %b7, label %b7

b7: ; pure intrinsic of uniform values: uniform
  %v7 = call i32 @llvm.umin.i32(i32 %ctaid, i32 %n)
  %c7 = icmp eq i32 %v7, 0
  br i1 %c7, label %b8, label %b8

b8: ; generic load based on a kernel argument: uniform
  %v8 = load i32, ptr %gen
  %c8 = icmp eq i32 %v8, 0
  br i1 %c8, label %b9, label %b9

b9: ; load from a stack array: divergent
  %arr = alloca [4 x i32], align 4
  %p9 = getelementptr [4 x i32], ptr %arr, i32 0, i32 %ctaid
  store i32 %n, ptr %p9
  %q9 = getelementptr [4 x i32], ptr %arr, i32 0, i32 %n
  %v9 = load i32, ptr %q9
  %c9 = icmp eq i32 %v9, 0
  br i1 %c9, label %b10, label %b10

b10: ; shared memory at a constant address: uniform
  %v10 = load i32, ptr addrspace(3) @shared
  %c10 = icmp eq i32 %v10, 0
  br i1 %c10, label %b11, label %b11

b11: ; a phi at the join of a uniform branch: uniform
  %v11 = phi i32 [ %n, %b10 ], [ %n, %b10 ]
  %c11 = icmp eq i32 %v11, 0
  br i1 %c11, label %b12, label %b12

b12: ; select on uniform values, switch on it: uniform
  %v12 = select i1 %c0, i32 %n, i32 %ctaid
  switch i32 %v12, label %b13 [ i32 1, label %b13 ]

b13: ; the thread id through arithmetic and a cast: divergent
  %t13 = add i32 %tid, %n
  %z13 = zext i32 %t13 to i64
  switch i64 %z13, label %b14 [ i64 1, label %b14 ]

b14: ; volatile load: divergent
  %v14 = load volatile i32, ptr addrspace(1) %g
  %c14 = icmp eq i32 %v14, 0
  br i1 %c14, label %b15, label %b15

b15:
  ret void
}

; Not a kernel: its argument may differ between threads.
define void @helper(i32 %n) {
b0:
  %c0 = icmp sgt i32 %n, 4
  br i1 %c0, label %b1, label %b1

b1:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @external()

!nvvm.annotations = !{!0}
!0 = !{ptr @kinds, !"kernel", i32 1}
