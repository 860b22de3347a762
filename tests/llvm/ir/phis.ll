; Phis and control divergence (docs/llvm.md, "Phis"): sync dependence at
; joins, temporal divergence out of loops, irreducible cycles.
target triple = "nvptx64-nvidia-cuda"

@shared = internal addrspace(3) global [64 x i32] undef

; a phi at the join of a divergent branch: divergent, so is the barrier
define void @join_divergent(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ 1, %then ], [ 2, %entry ]
  %cj = icmp eq i32 %p, 1
  br i1 %cj, label %bar, label %end

bar:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

; the same join after a uniform branch: uniform, the barrier is fine
define void @join_uniform(i32 %n) {
entry:
  %c = icmp ult i32 %n, 16
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi i32 [ 1, %then ], [ 2, %entry ]
  %cj = icmp eq i32 %p, 1
  br i1 %cj, label %bar, label %end

bar:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

; temporal divergence: the loop's exit depends on the thread, so %v (the
; same in all threads within an iteration) differs after the loop
define void @temporal(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr addrspace(3) @shared, i32 %n
  %v = load i32, ptr addrspace(3) %p
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %tid
  br i1 %c, label %loop, label %after

after:
  %d = icmp eq i32 %v, 0
  br i1 %d, label %bar, label %end

bar:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

; the tree reduction's loop: the counter runs from a uniform bound, so the
; loop branch is uniform and the barrier in the loop is fine; the branch on
; the thread id inside it is not
define void @uniform_loop(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %half = lshr i32 %n, 1
  br label %loop

loop:
  %s = phi i32 [ %half, %entry ], [ %s.next, %latch ]
  %c = icmp ugt i32 %s, 0
  br i1 %c, label %body, label %end

body:
  %cb = icmp ult i32 %tid, %s
  br i1 %cb, label %then, label %latch

then:
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %s.next = lshr i32 %s, 1
  br label %loop

end:
  ret void
}

; an irreducible cycle (entered at a and at b) whose entry is chosen by a
; uniform branch: all threads enter at the same block, so its phis are uniform
define void @irreducible(i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %b

a:
  %pa = phi i32 [ 0, %entry ], [ %pb.next, %b ]
  %pa.next = add i32 %pa, 1
  %ca = icmp ult i32 %pa.next, %n
  br i1 %ca, label %b, label %end

b:
  %pb = phi i32 [ 0, %entry ], [ %pa.next, %a ]
  %pb.next = add i32 %pb, 2
  %cb = icmp ult i32 %pb.next, %n
  br i1 %cb, label %a, label %end

end:
  ret void
}

; the same cycle entered by a branch on the thread id: threads may enter at
; different blocks, so its phis are divergent
define ptx_kernel void @irreducible_divergent(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %a, label %b

a:
  %pa = phi i32 [ 0, %entry ], [ %pb.next, %b ]
  %pa.next = add i32 %pa, 1
  %ca = icmp ult i32 %pa.next, %n
  br i1 %ca, label %b, label %end

b:
  %pb = phi i32 [ 0, %entry ], [ %pa.next, %a ]
  %pb.next = add i32 %pb, 2
  %cb = icmp ult i32 %pb.next, %n
  br i1 %cb, label %a, label %end

end:
  ret void
}

; a divergent break: only the body reaches the header, so the header is no
; join of the break and the counter stays uniform in the loop (the latch's
; branch is uniform); the value leaving the loop is divergent after it
define ptx_kernel void @break_header(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch ]
  %c = icmp ugt i32 %tid, %i
  br i1 %c, label %out, label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %inext = add i32 %i, 1
  %more = icmp slt i32 %inext, %n
  br i1 %more, label %header, label %out

out:
  %last = phi i32 [ %i, %header ], [ %inext, %latch ]
  %odd = icmp eq i32 %last, 1
  br i1 %odd, label %bar, label %end

bar:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

; two divergent breaks on one cycle, both with the loop's exit as their
; post-dominator: the first one's search finds the region, the second one
; shares it; neither makes the header a join (its successor that stays in
; the loop is the only one on the cycle), so the counter and the latch's
; branch stay uniform; the exit's phi is a join
define ptx_kernel void @shared_cycle(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch ]
  %c = icmp ugt i32 %tid, %i
  br i1 %c, label %out, label %body

body:
  %e = icmp eq i32 %tid, %i
  br i1 %e, label %early, label %latch

latch:
  %inext = add i32 %i, 1
  %more = icmp slt i32 %inext, %n
  br i1 %more, label %header, label %out

early:
  br label %out

out:
  %last = phi i32 [ %i, %header ], [ %inext, %latch ], [ %i, %early ]
  %odd = icmp eq i32 %last, 1
  br i1 %odd, label %bar, label %end

bar:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @join_divergent, !"kernel", i32 1}
!1 = !{ptr @join_uniform, !"kernel", i32 1}
!2 = !{ptr @temporal, !"kernel", i32 1}
!3 = !{ptr @uniform_loop, !"kernel", i32 1}
!4 = !{ptr @irreducible, !"kernel", i32 1}
