; const-branch.ll: branches on a literal constant, as an optimiser leaves a
; flag it has folded (`br i1 false`): the way not taken is dead, so the
; barrier behind `br i1 false` under the divergent branch is not reported,
; and the one behind `br i1 true` is (the threads below 16 reach it alone)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @folded(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 16
  br i1 %low, label %part, label %done

part:
  br i1 false, label %never, label %after

never:
  call void @llvm.nvvm.barrier0()
  br label %after

after:
  br i1 true, label %taken, label %done

taken:
  call void @llvm.nvvm.barrier0()
  br label %done

done:
  store i32 1, ptr %out
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @folded, !"kernel", i32 1}
