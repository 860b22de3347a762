; A loop with two back edges to one header hs: the inner way round
; (hs, d, b) has a thread-dependent exit b -> p, and p goes back to hs by
; q. p is inside the same loop (LLVM's and the Havlak forest's), so the
; exit is no loop's exit and p is no join of b: its phi %y reads %k1 on
; the edge from b, as each thread leaves the inner way round, in different
; iterations: %y = max(1, tid.x) differs between the threads, and so does
; the branch on it before the barrier (LLVM's uniformity analysis says so
; too). Reported.
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define ptx_kernel void @cycle(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %hs
hs:
  %k = phi i32 [0, %entry], [%k1, %b], [%y, %q]
  br label %d
d:
  %k1 = add i32 %k, 1
  br label %b
b:
  %c = icmp ult i32 %k1, %tid
  br i1 %c, label %hs, label %p
p:
  %y = phi i32 [%k1, %b]
  %c3 = icmp eq i32 %y, 5
  br i1 %c3, label %bar, label %q
bar:
  call void @llvm.nvvm.barrier0()
  br label %q
q:
  %ce = icmp slt i32 %y, %n
  br i1 %ce, label %hs, label %exit
exit:
  ret void
}
