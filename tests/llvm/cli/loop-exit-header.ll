; Issue 37, item 5: a loop with a thread-dependent exit (l1, l1b) that
; leaves straight into the header h of a loop with a uniform trip count
; and a barrier, with no preheader between (the shape LLVM leaves at -O1
; once simplifycfg folds the empty preheader away). Every thread reaches h
; through the one edge l1b -> h, in a different iteration of l1: h's phi
; takes what comes in on that edge, the same in all of them where it is a
; constant (0) or computed from what was there before the loop (%n + 1),
; so the barrier is reached by the whole block, as with the preheader
; (after_preheader) and as when l1 is nested in h's loop and leaves by its
; latch (nested). A value of the loop that changes with its iterations (the
; loop's %j1: lcssa) differs between the threads: reported.
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @after(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %l1
l1:
  %j = phi i32 [0, %entry], [%j1, %l1b]
  br label %l1b
l1b:
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, %tid
  br i1 %c, label %l1, label %h
h:
  %i = phi i32 [0, %l1b], [%i1, %h]
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  %c2 = icmp slt i32 %i1, %n
  br i1 %c2, label %h, label %exit
exit:
  ret void
}

define void @after_preheader(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %l1
l1:
  %j = phi i32 [0, %entry], [%j1, %l1b]
  br label %l1b
l1b:
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, %tid
  br i1 %c, label %l1, label %ph
ph:
  br label %h
h:
  %i = phi i32 [0, %ph], [%i1, %h]
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  %c2 = icmp slt i32 %i1, %n
  br i1 %c2, label %h, label %exit
exit:
  ret void
}

define void @invariant(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %l1
l1:
  %j = phi i32 [0, %entry], [%j1, %l1b]
  br label %l1b
l1b:
  %j1 = add i32 %j, 1
  %n1 = add i32 %n, 1
  %c = icmp ult i32 %j1, %tid
  br i1 %c, label %l1, label %h
h:
  %i = phi i32 [%n1, %l1b], [%i1, %h]
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  %c2 = icmp slt i32 %i1, 100
  br i1 %c2, label %h, label %exit
exit:
  ret void
}

define void @nested(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %h
h:
  %i = phi i32 [0, %entry], [%i1, %l1b]
  %c2 = icmp slt i32 %i, %n
  br i1 %c2, label %body, label %exit
body:
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  br label %l1
l1:
  %j = phi i32 [0, %body], [%j1, %l1b]
  br label %l1b
l1b:
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, %tid
  br i1 %c, label %l1, label %h
exit:
  ret void
}

define void @lcssa(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %l1
l1:
  %j = phi i32 [0, %entry], [%j1, %l1b]
  br label %l1b
l1b:
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, %tid
  br i1 %c, label %l1, label %h
h:
  %i = phi i32 [%j1, %l1b], [%i1, %h]
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  %c2 = icmp slt i32 %i1, %n
  br i1 %c2, label %h, label %exit
exit:
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @after, !"kernel", i32 1}
!1 = !{ptr @after_preheader, !"kernel", i32 1}
!2 = !{ptr @invariant, !"kernel", i32 1}
!3 = !{ptr @nested, !"kernel", i32 1}
!4 = !{ptr @lcssa, !"kernel", i32 1}
