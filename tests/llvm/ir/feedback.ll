; Convergence feeds uniformity (SPEC 3.1, docs/llvm.md): a branch on the
; thread id whose two ways both reach a barrier is, when barriers are assumed
; to be reached by all threads, taken the same way by every thread; the phi
; where its ways join is then uniform, and so is a branch on that phi.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @both_ways(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %left, label %right

left:
  call void @llvm.nvvm.barrier0()
  br label %join

right:
  call void @llvm.nvvm.barrier0()
  br label %join

join:
  %p = phi i32 [ 1, %left ], [ 2, %right ]
  %cp = icmp eq i32 %p, 1
  br i1 %cp, label %a, label %b

a:
  store i32 1, ptr addrspace(1) %out
  br label %mid

b:
  br label %mid

mid:
  %q = phi i32 [ 3, %a ], [ 4, %b ]
  %cq = icmp eq i32 %q, 3
  br i1 %cq, label %x, label %end

x:
  store i32 2, ptr addrspace(1) %out
  br label %end

end:
  ret void
}

; no barrier on either way: the branch stays divergent, so does the phi
define ptx_kernel void @no_barrier(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %left, label %join

left:
  store i32 0, ptr addrspace(1) %out
  br label %join

join:
  %p = phi i32 [ 1, %left ], [ 2, %entry ]
  %cp = icmp eq i32 %p, 1
  br i1 %cp, label %a, label %end

a:
  store i32 1, ptr addrspace(1) %out
  br label %end

end:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
