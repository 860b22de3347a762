; A barrier in a loop whose condition all threads share, and one in a loop
; whose trip count depends on the thread id (NVPTX).
target triple = "nvptx64-nvidia-cuda"

define void @uniform_loop(ptr addrspace(1) %flag, ptr addrspace(1) %out) {
entry:
  br label %loop

loop:
  %v = load i32, ptr addrspace(1) %flag
  %c = icmp ne i32 %v, 0
  br i1 %c, label %body, label %done

body:
  call void @llvm.nvvm.barrier0()
  store i32 0, ptr addrspace(1) %out
  br label %loop

done:
  ret void
}

define void @tid_loop(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp ult i32 %i, %tid
  br i1 %c, label %body, label %done

body:
  call void @llvm.nvvm.barrier0()
  %i.next = add i32 %i, 1
  br label %loop

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @uniform_loop, !"kernel", i32 1}
!1 = !{ptr @tid_loop, !"kernel", i32 1}
