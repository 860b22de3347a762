; Debug locations: a relative file joined to its directory, an absolute one
; kept as it is.
target triple = "nvptx64-nvidia-cuda"

define void @dbg(i32 %n) !dbg !4 {
entry:
  %c = icmp sgt i32 %n, 0, !dbg !7
  br i1 %c, label %then, label %end, !dbg !7

then:
  call void @llvm.nvvm.barrier0(), !dbg !8
  call void @llvm.nvvm.barrier0(), !dbg !9
  br label %end, !dbg !8

end:
  call void @llvm.nvvm.barrier0()
  ret void, !dbg !11
}

declare void @llvm.nvvm.barrier0()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!12}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cu", directory: "/src/")
!2 = !DIFile(filename: "/abs/inc.h", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 5, type: !5, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocation(line: 6, column: 7, scope: !4)
!8 = !DILocation(line: 7, column: 5, scope: !4)
!9 = !DILocation(line: 3, column: 2, scope: !10)
!10 = distinct !DILexicalBlock(scope: !4, file: !2, line: 2, column: 1)
!11 = !DILocation(line: 9, column: 1, scope: !4)
!12 = !{ptr @dbg, !"kernel", i32 1}
