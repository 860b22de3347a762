; Barriers and a thread-id branch (NVPTX).
target triple = "nvptx64-nvidia-cuda"

; A barrier only some threads reach: fine in assume mode, divergent in check
; mode (barriers not assumed).
define void @barrier_in_branch(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %join

then:
  store i32 1, ptr addrspace(1) %out
  call void @llvm.nvvm.barrier0()
  br label %join

join:
  call void @llvm.nvvm.barrier0()
  ret void
}

; A barrier right where a divergent branch joins: its in-edges are not
; convergent, so it needs the warp-synchronous rewrite.
define void @barrier_at_join(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %join

then:
  store i32 1, ptr addrspace(1) %out
  br label %join

join:
  call void @llvm.nvvm.barrier0()
  store i32 2, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @barrier_in_branch, !"kernel", i32 1}
!1 = !{ptr @barrier_at_join, !"kernel", i32 1}
