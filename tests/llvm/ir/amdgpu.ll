; HIP as clang leaves it for AMDGPU: amdgpu_kernel, workitem and workgroup
; ids, s.barrier; a helper defined before the kernel.
target triple = "amdgcn-amd-amdhsa"

define void @helper() {
entry:
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %g) {
b0: ; workgroup id: uniform
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %c0 = icmp eq i32 %wg, 0
  br i1 %c0, label %b1, label %b1

b1: ; workitem id: divergent
  %wi = call i32 @llvm.amdgcn.workitem.id.x()
  %c1 = icmp eq i32 %wi, 0
  br i1 %c1, label %b2, label %b2

b2:
  call void @llvm.amdgcn.s.barrier()
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
