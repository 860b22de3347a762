; Calls whose verdicts need what a calling context knows (tests/llvm/cli/
; calls-contexts.cmd), written by hand in the shape the generated modules
; of tests/property/calls_inline.py take; each line of a barrier is its
; !dbg line. Helpers with a ret at each early return that store what they
; leave before each; a helper's early return on the thread behind a test
; that the call's constant decides; a constant the caller stores where the
; helper reads; a branch on a constant that the reader's pipeline leaves; a
; product by a constant 0 the caller stores.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0() #1

; leaves in *res what it returns, from a ret at each of its ways out
define internal i32 @clamp(i32 %v, ptr %res) #0 {
entry:
  %big = icmp sgt i32 %v, 100
  br i1 %big, label %top, label %rest
top:
  store i32 100, ptr %res, align 4
  ret i32 100
rest:
  store i32 %v, ptr %res, align 4
  ret i32 %v
}

; line 10: ok (what clamp leaves of the block index); line 11: divergent
; (of the thread index)
define void @outs_at_each_ret(ptr %out) #2 !dbg !10 {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r1 = call i32 @clamp(i32 %bid, ptr %a) #2
  %x = load i32, ptr %a, align 4
  %c1 = icmp slt i32 %x, 7
  br i1 %c1, label %s1, label %j1
s1:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 10, column: 1, scope: !10)
  br label %j1
j1:
  %r2 = call i32 @clamp(i32 %tid, ptr %b) #2
  %y = load i32, ptr %b, align 4
  %c2 = icmp slt i32 %y, 7
  br i1 %c2, label %s2, label %j2
s2:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 11, column: 1, scope: !10)
  br label %j2
j2:
  ret void
}

; returns early on the thread only where mode is 1
define internal i32 @pick(i32 %mode) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %one = icmp eq i32 %mode, 1
  br i1 %one, label %test, label %rest
test:
  %odd = icmp ult i32 %tid, 3
  br i1 %odd, label %early, label %rest
early:
  ret i32 0
rest:
  ret i32 %bid
}

; line 20: ok (mode 2: no early return); line 21: divergent (mode 1)
define void @decided_return(ptr %out) #2 !dbg !11 {
entry:
  %p = call i32 @pick(i32 2) #2
  %c1 = icmp slt i32 %p, 7
  br i1 %c1, label %s1, label %j1
s1:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 20, column: 1, scope: !11)
  br label %j1
j1:
  %q = call i32 @pick(i32 1) #2
  %c2 = icmp slt i32 %q, 7
  br i1 %c2, label %s2, label %j2
s2:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 21, column: 1, scope: !11)
  br label %j2
j2:
  ret void
}

; reads *flag, then the thread leaves early only where it is 7; then a
; barrier (line 30: ok where the caller stored 0 there, line 31: where it
; stored 7, divergent)
define internal void @gate(ptr %flag, i32 %line) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load i32, ptr %flag, align 4
  %seven = icmp eq i32 %f, 7
  br i1 %seven, label %test, label %wait
test:
  %low = icmp ult i32 %tid, 3
  br i1 %low, label %early, label %wait
early:
  ret void
wait:
  %l30 = icmp eq i32 %line, 30
  br i1 %l30, label %b30, label %b31
b30:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 30, column: 1, scope: !12)
  ret void
b31:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 31, column: 1, scope: !12)
  ret void
}

define void @constant_in(ptr %out) #2 !dbg !13 {
entry:
  %f0 = alloca i32, align 4
  %f7 = alloca i32, align 4
  store i32 0, ptr %f0, align 4
  call void @gate(ptr %f0, i32 30) #2
  store i32 7, ptr %f7, align 4
  call void @gate(ptr %f7, i32 31) #2
  ret void
}

; a branch on a constant on a divergent way: its dead way leaves the
; kernel, the live one joins the others before the barrier (line 40: ok)
define void @constant_branch(ptr %out) #2 !dbg !14 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 3
  br i1 %low, label %side, label %join
side:
  br i1 false, label %leave, label %join
leave:
  ret void
join:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 40, column: 1, scope: !14)
  ret void
}

; leaves in *res the thread's index times what the caller stored there: the
; same in every thread where that is 0 (line 50: ok), not where it is 1
; (line 51: divergent)
define internal void @scale(ptr %res) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = load i32, ptr %res, align 4
  %p = mul i32 %tid, %f
  store i32 %p, ptr %res, align 4
  ret void
}

define void @folded_product(ptr %out) #2 !dbg !15 {
entry:
  %z = alloca i32, align 4
  %o = alloca i32, align 4
  store i32 0, ptr %z, align 4
  call void @scale(ptr %z) #2
  %x = load i32, ptr %z, align 4
  %c1 = icmp slt i32 %x, 7
  br i1 %c1, label %s1, label %j1
s1:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 50, column: 1, scope: !15)
  br label %j1
j1:
  store i32 1, ptr %o, align 4
  call void @scale(ptr %o) #2
  %y = load i32, ptr %o, align 4
  %c2 = icmp slt i32 %y, 7
  br i1 %c2, label %s2, label %j2
s2:
  call void @llvm.nvvm.barrier0(), !dbg !DILocation(line: 51, column: 1, scope: !15)
  br label %j2
j2:
  ret void
}

attributes #0 = { convergent noinline nounwind }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!nvvm.annotations = !{!4, !5, !6, !7, !9}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "calls-contexts.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 4}
!4 = !{ptr @outs_at_each_ret, !"kernel", i32 1}
!5 = !{ptr @decided_return, !"kernel", i32 1}
!6 = !{ptr @constant_in, !"kernel", i32 1}
!7 = !{ptr @constant_branch, !"kernel", i32 1}
!8 = !DISubroutineType(types: !{})
!9 = !{ptr @folded_product, !"kernel", i32 1}
!10 = distinct !DISubprogram(name: "outs_at_each_ret", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = distinct !DISubprogram(name: "decided_return", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = distinct !DISubprogram(name: "gate", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!13 = distinct !DISubprogram(name: "constant_in", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!14 = distinct !DISubprogram(name: "constant_branch", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = distinct !DISubprogram(name: "folded_product", scope: !1, file: !1, line: 1, type: !8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
