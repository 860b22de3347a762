; A lexical block that is its own scope, written by hand: LLVM 19's verifier
; follows the scope chain of the return's location to its subprogram and never
; arrives (fuzz_llvm found the same in bitcode). cli.hostile.hang reads it.
define void @f() !dbg !4 {
entry:
  ret void, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = distinct !DILexicalBlock(scope: !7, file: !1, line: 2, column: 1)
!8 = !DILocation(line: 2, column: 3, scope: !7)
