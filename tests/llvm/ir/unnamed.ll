; Unnamed blocks take their slot numbers; a named block among them.
target triple = "nvptx64-nvidia-cuda"

define void @unnamed(i32 %0, i32 %n) {
  %2 = icmp eq i32 %0, 0
  br i1 %2, label %3, label %named

3:
  %4 = add i32 %n, 1
  br label %5

named:
  br label %5

5:
  call void @llvm.nvvm.barrier0()
  ret void
}

declare void @llvm.nvvm.barrier0()
