; f's return carries a location in g's subprogram: the debug info is invalid
define void @f() !dbg !4 {
entry:
  ret void, !dbg !8
}

define void @g() !dbg !7 {
entry:
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 4}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 5, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!8 = !DILocation(line: 2, column: 3, scope: !7)
!9 = !DILocation(line: 6, column: 3, scope: !7)
