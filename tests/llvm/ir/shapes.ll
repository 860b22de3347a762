; CFG shapes: switch, unreachable, several returns (not kernels).
target triple = "nvptx64-nvidia-cuda"

define void @switch(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 0, label %a
    i32 1, label %a
    i32 2, label %b
  ]

a:
  br label %end

b:
  br label %end

other:
  br label %end

end:
  ret void
}

define void @unreachable(i1 %c) {
entry:
  br i1 %c, label %ok, label %bad

bad:
  call void @llvm.trap()
  unreachable

ok:
  ret void
}

define i32 @returns(i32 %x) {
entry:
  %c0 = icmp eq i32 %x, 0
  br i1 %c0, label %r0, label %next

next:
  %c1 = icmp eq i32 %x, 1
  br i1 %c1, label %r1, label %r2

r0:
  ret i32 0

r1:
  ret i32 1

r2:
  ret i32 2
}

define void @endless() {
entry:
  br label %spin

spin:
  br label %spin
}

declare void @llvm.trap()
