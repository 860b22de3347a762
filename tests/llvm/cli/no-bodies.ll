; A valid module without a function body: the kernel of its source was
; commented out, and the device function it called was dropped by clang.
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
