; -O0 style: a kernel argument goes through a stack slot, and optnone is set.
; After the normalising passes, the branch on it is uniform.
target triple = "nvptx64-nvidia-cuda"

define void @o0(i32 %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %v = load i32, ptr %n.addr, align 4
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %end

then:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

declare void @llvm.nvvm.barrier0()

attributes #0 = { noinline optnone }

!nvvm.annotations = !{!0}
!0 = !{ptr @o0, !"kernel", i32 1}
