; Barriers behind calls: a kernel calls a helper that calls a helper that
; executes a barrier; another helper has none.
target triple = "nvptx64-nvidia-cuda"

define internal void @sync_helper() {
entry:
  call void @llvm.nvvm.barrier0()
  ret void
}

define internal void @outer_helper() {
entry:
  call void @sync_helper()
  ret void
}

define internal void @plain_helper(ptr addrspace(1) %p) {
entry:
  store i32 0, ptr addrspace(1) %p
  ret void
}

define void @kernel(ptr addrspace(1) %p) {
entry:
  call void @plain_helper(ptr addrspace(1) %p)
  call void @outer_helper()
  call void @plain_helper(ptr addrspace(1) %p)
  call void @outer_helper()
  ret void
}

declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
