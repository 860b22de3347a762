; calls.cu (tests/llvm/cli/calls.cmd) compiled by clang-19 -x cuda --cuda-device-only
; -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O1 -g, the DIFile directory
; made /src: functions that are not inlined, a call whose result decides a
; branch, a function no kernel calls, a call of a declared function
; ModuleID = 'calls.cu'
source_filename = "calls.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @stage(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !9 {
  %3 = icmp ult i32 %1, 16, !dbg !12
  br i1 %3, label %4, label %5, !dbg !13

4:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0(), !dbg !14
  br label %5, !dbg !14

5:                                                ; preds = %4, %2
  %6 = zext i32 %1 to i64, !dbg !15
  %7 = getelementptr inbounds i32, ptr %0, i64 %6, !dbg !15
  store i32 1, ptr %7, align 4, !dbg !16, !tbaa !17
  ret void, !dbg !21
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @outer(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !22 {
  %3 = add i32 %1, 1, !dbg !23
  tail call void @stage(ptr noundef %0, i32 noundef %3) #6, !dbg !24
  ret void, !dbg !25
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define dso_local noundef range(i32 0, 2) i32 @parity() local_unnamed_addr #2 !dbg !26 {
  %1 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !27
  %2 = and i32 %1, 1, !dbg !28
  ret i32 %2, !dbg !29
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @lonely(ptr nocapture noundef readonly %0) local_unnamed_addr #0 !dbg !30 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !31
  %3 = zext nneg i32 %2 to i64, !dbg !32
  %4 = getelementptr inbounds i32, ptr %0, i64 %3, !dbg !32
  %5 = load i32, ptr %4, align 4, !dbg !32, !tbaa !17
  %6 = icmp eq i32 %5, 0, !dbg !32
  br i1 %6, label %8, label %7, !dbg !32

7:                                                ; preds = %1
  tail call void @llvm.nvvm.barrier0(), !dbg !33
  br label %8, !dbg !33

8:                                                ; preds = %7, %1
  ret void, !dbg !34
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @k(ptr noundef %0) local_unnamed_addr #4 !dbg !35 {
  %2 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !36
  tail call void @stage(ptr noundef %0, i32 noundef %2) #6, !dbg !37
  %3 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !38
  tail call void @outer(ptr noundef %0, i32 noundef %3) #6, !dbg !39
  %4 = tail call i32 @parity() #7, !dbg !40
  %5 = icmp eq i32 %4, 0, !dbg !40
  br i1 %5, label %7, label %6, !dbg !40

6:                                                ; preds = %1
  tail call void @llvm.nvvm.barrier0(), !dbg !41
  br label %7, !dbg !41

7:                                                ; preds = %6, %1
  tail call void @external(ptr noundef %0) #6, !dbg !42
  ret void, !dbg !43
}

; Function Attrs: convergent nounwind
declare dso_local void @external(ptr noundef) local_unnamed_addr #5

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" "uniform-work-group-size"="true" }
attributes #5 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" }
attributes #6 = { convergent nounwind }
attributes #7 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "calls.cu", directory: "/src")
!2 = !{ptr @k, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "stage", scope: !1, file: !1, line: 12, type: !10, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 14, column: 8, scope: !9)
!13 = !DILocation(line: 14, column: 6, scope: !9)
!14 = !DILocation(line: 15, column: 3, scope: !9)
!15 = !DILocation(line: 16, column: 2, scope: !9)
!16 = !DILocation(line: 16, column: 7, scope: !9)
!17 = !{!18, !18, i64 0}
!18 = !{!"int", !19, i64 0}
!19 = !{!"omnipotent char", !20, i64 0}
!20 = !{!"Simple C++ TBAA"}
!21 = !DILocation(line: 17, column: 1, scope: !9)
!22 = distinct !DISubprogram(name: "outer", scope: !1, file: !1, line: 19, type: !10, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!23 = !DILocation(line: 21, column: 13, scope: !22)
!24 = !DILocation(line: 21, column: 2, scope: !22)
!25 = !DILocation(line: 22, column: 1, scope: !22)
!26 = distinct !DISubprogram(name: "parity", scope: !1, file: !1, line: 24, type: !10, scopeLine: 25, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!27 = !DILocation(line: 26, column: 9, scope: !26)
!28 = !DILocation(line: 26, column: 13, scope: !26)
!29 = !DILocation(line: 26, column: 2, scope: !26)
!30 = distinct !DISubprogram(name: "lonely", scope: !1, file: !1, line: 29, type: !10, scopeLine: 30, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 31, column: 8, scope: !30)
!32 = !DILocation(line: 31, column: 6, scope: !30)
!33 = !DILocation(line: 32, column: 3, scope: !30)
!34 = !DILocation(line: 33, column: 1, scope: !30)
!35 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 37, type: !10, scopeLine: 38, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!36 = !DILocation(line: 39, column: 11, scope: !35)
!37 = !DILocation(line: 39, column: 2, scope: !35)
!38 = !DILocation(line: 40, column: 11, scope: !35)
!39 = !DILocation(line: 40, column: 2, scope: !35)
!40 = !DILocation(line: 41, column: 6, scope: !35)
!41 = !DILocation(line: 42, column: 3, scope: !35)
!42 = !DILocation(line: 43, column: 2, scope: !35)
!43 = !DILocation(line: 44, column: 1, scope: !35)
