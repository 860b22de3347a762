; collectives_warp.cu compiled by clang-19 -g -O1 (see tests/llvm/cli/collective-*.cmd), the DIFile
; directory replaced by /src; ident and producer strings dropped
; ModuleID = 'collectives_warp.cu'
source_filename = "collectives_warp.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @first_warp(ptr nocapture noundef %0) local_unnamed_addr #0 !dbg !15 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !18
  %3 = icmp ult i32 %2, 32, !dbg !19
  br i1 %3, label %4, label %10, !dbg !20

4:                                                ; preds = %1
  %5 = zext nneg i32 %2 to i64, !dbg !21
  %6 = getelementptr inbounds i32, ptr %0, i64 %5, !dbg !21
  %7 = load i32, ptr %6, align 4, !dbg !21, !tbaa !22
  %8 = tail call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %7, i32 16, i32 31), !dbg !26
  %9 = add nsw i32 %8, %7, !dbg !27
  store i32 %9, ptr %6, align 4, !dbg !28, !tbaa !22
  br label %10, !dbg !29

10:                                               ; preds = %4, %1
  ret void, !dbg !30
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #2

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @some_lanes(ptr nocapture noundef %0) local_unnamed_addr #0 !dbg !31 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !32
  %3 = zext nneg i32 %2 to i64, !dbg !33
  %4 = getelementptr inbounds i32, ptr %0, i64 %3, !dbg !33
  %5 = load i32, ptr %4, align 4, !dbg !33, !tbaa !22
  %6 = icmp sgt i32 %5, 0, !dbg !34
  br i1 %6, label %7, label %9, !dbg !33

7:                                                ; preds = %1
  %8 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true), !dbg !35
  store i32 %8, ptr %4, align 4, !dbg !36, !tbaa !22
  br label %9, !dbg !37

9:                                                ; preds = %7, %1
  ret void, !dbg !38
}

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @lane0(ptr nocapture noundef writeonly %0) local_unnamed_addr #3 !dbg !39 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !40
  %3 = and i32 %2, 31, !dbg !41
  %4 = icmp eq i32 %3, 0, !dbg !42
  br i1 %4, label %5, label %8, !dbg !43

5:                                                ; preds = %1
  %6 = zext nneg i32 %2 to i64, !dbg !44
  %7 = getelementptr inbounds i32, ptr %0, i64 %6, !dbg !44
  store i32 1, ptr %7, align 4, !dbg !45, !tbaa !22
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1), !dbg !46
  br label %8, !dbg !47

8:                                                ; preds = %5, %1
  ret void, !dbg !48
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @whole_warps(ptr nocapture noundef writeonly %0) local_unnamed_addr #3 !dbg !49 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !50
  %3 = and i32 %2, 992, !dbg !51
  %4 = icmp eq i32 %3, 32, !dbg !51
  br i1 %4, label %5, label %8, !dbg !52

5:                                                ; preds = %1
  %6 = zext nneg i32 %2 to i64, !dbg !53
  %7 = getelementptr inbounds i32, ptr %0, i64 %6, !dbg !53
  store i32 1, ptr %7, align 4, !dbg !54, !tbaa !22
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1), !dbg !55
  br label %8, !dbg !56

8:                                                ; preds = %5, %1
  %9 = icmp ult i32 %2, 96, !dbg !57
  br i1 %9, label %10, label %13, !dbg !58

10:                                               ; preds = %8
  %11 = zext nneg i32 %2 to i64, !dbg !59
  %12 = getelementptr inbounds i32, ptr %0, i64 %11, !dbg !59
  store i32 2, ptr %12, align 4, !dbg !60, !tbaa !22
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1), !dbg !61
  br label %13, !dbg !62

13:                                               ; preds = %10, %8
  ret void, !dbg !63
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @stride(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !64 {
  %3 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !65
  %4 = icmp ult i32 %3, %1, !dbg !66
  br i1 %4, label %5, label %7, !dbg !67

5:                                                ; preds = %2
  %6 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %13, !dbg !67

7:                                                ; preds = %13, %2
  %8 = add nsw i32 %1, 31, !dbg !68
  %9 = and i32 %8, -32, !dbg !69
  %10 = icmp ult i32 %3, %9, !dbg !70
  br i1 %10, label %11, label %21, !dbg !71

11:                                               ; preds = %7
  %12 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %22, !dbg !71

13:                                               ; preds = %5, %13
  %14 = phi i32 [ %3, %5 ], [ %19, %13 ]
  %15 = zext i32 %14 to i64, !dbg !72
  %16 = getelementptr inbounds i32, ptr %0, i64 %15, !dbg !72
  %17 = load i32, ptr %16, align 4, !dbg !72, !tbaa !22
  %18 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %17, i32 0, i32 31), !dbg !73
  store i32 %18, ptr %16, align 4, !dbg !74, !tbaa !22
  %19 = add i32 %14, %6, !dbg !75
  %20 = icmp ult i32 %19, %1, !dbg !66
  br i1 %20, label %13, label %7, !dbg !67, !llvm.loop !76

21:                                               ; preds = %22, %7
  ret void, !dbg !80

22:                                               ; preds = %11, %22
  %23 = phi i32 [ %3, %11 ], [ %28, %22 ]
  %24 = zext i32 %23 to i64, !dbg !81
  %25 = getelementptr inbounds i32, ptr %0, i64 %24, !dbg !81
  %26 = load i32, ptr %25, align 4, !dbg !81, !tbaa !22
  %27 = tail call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %26, i32 0, i32 31), !dbg !82
  store i32 %27, ptr %25, align 4, !dbg !83, !tbaa !22
  %28 = add i32 %23, %12, !dbg !84
  %29 = icmp ult i32 %28, %9, !dbg !70
  br i1 %29, label %22, label %21, !dbg !71, !llvm.loop !85
}

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @masks(ptr nocapture noundef %0) local_unnamed_addr #0 !dbg !87 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !88
  %3 = zext nneg i32 %2 to i64, !dbg !89
  %4 = getelementptr inbounds i32, ptr %0, i64 %3, !dbg !89
  %5 = load i32, ptr %4, align 4, !dbg !89, !tbaa !22
  %6 = icmp sgt i32 %5, 0, !dbg !90
  br i1 %6, label %7, label %10, !dbg !89

7:                                                ; preds = %1
  %8 = tail call i32 @llvm.nvvm.activemask(), !dbg !91
  %9 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 %8, i1 true), !dbg !92
  store i32 %9, ptr %4, align 4, !dbg !93, !tbaa !22
  br label %10, !dbg !94

10:                                               ; preds = %7, %1
  %11 = and i32 %2, 1, !dbg !95
  %12 = icmp eq i32 %11, 0, !dbg !96
  %13 = select i1 %12, i32 -1431655766, i32 1431655765, !dbg !96
  %14 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 %13, i1 true), !dbg !97
  store i32 %14, ptr %4, align 4, !dbg !98, !tbaa !22
  ret void, !dbg !99
}

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.activemask() #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind memory(inaccessiblemem: readwrite)
define dso_local noundef i32 @_Z6reducei(i32 noundef %0) local_unnamed_addr #5 !dbg !100 {
  br label %3, !dbg !101

2:                                                ; preds = %3
  ret i32 %7, !dbg !102

3:                                                ; preds = %1, %3
  %4 = phi i32 [ 16, %1 ], [ %8, %3 ]
  %5 = phi i32 [ %0, %1 ], [ %7, %3 ]
  %6 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %5, i32 %4, i32 31), !dbg !103
  %7 = add nsw i32 %6, %5, !dbg !104
  %8 = lshr i32 %4, 1, !dbg !105
  %9 = icmp ult i32 %4, 2, !dbg !106
  br i1 %9, label %2, label %3, !dbg !101, !llvm.loop !107
}

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #2

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @helper(ptr nocapture noundef %0) local_unnamed_addr #0 !dbg !109 {
  %2 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !110
  %3 = zext nneg i32 %2 to i64, !dbg !111
  %4 = getelementptr inbounds i32, ptr %0, i64 %3, !dbg !111
  %5 = load i32, ptr %4, align 4, !dbg !111, !tbaa !22
  %6 = tail call noundef i32 @_Z6reducei(i32 noundef %5) #6, !dbg !112
  store i32 %6, ptr %4, align 4, !dbg !113, !tbaa !22
  %7 = and i32 %2, 1, !dbg !114
  %8 = icmp eq i32 %7, 0, !dbg !115
  br i1 %8, label %11, label %9, !dbg !115

9:                                                ; preds = %1
  %10 = tail call noundef i32 @_Z6reducei(i32 noundef %2) #6, !dbg !116
  store i32 %10, ptr %4, align 4, !dbg !117, !tbaa !22
  br label %11, !dbg !118

11:                                               ; preds = %9, %1
  ret void, !dbg !119
}

attributes #0 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #3 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" "uniform-work-group-size"="true" }
attributes #4 = { convergent nocallback nounwind }
attributes #5 = { convergent mustprogress noinline norecurse nounwind memory(inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" }
attributes #6 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.module.flags = !{!9, !10, !11, !12, !13}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "collectives_warp.cu", directory: "/src")
!2 = !{ptr @first_warp, !"kernel", i32 1}
!3 = !{ptr @some_lanes, !"kernel", i32 1}
!4 = !{ptr @lane0, !"kernel", i32 1}
!5 = !{ptr @whole_warps, !"kernel", i32 1}
!6 = !{ptr @stride, !"kernel", i32 1}
!7 = !{ptr @masks, !"kernel", i32 1}
!8 = !{ptr @helper, !"kernel", i32 1}
!9 = !{i32 7, !"Dwarf Version", i32 2}
!10 = !{i32 2, !"Debug Info Version", i32 3}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!13 = !{i32 7, !"frame-pointer", i32 2}
!14 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!15 = distinct !DISubprogram(name: "first_warp", scope: !1, file: !1, line: 4, type: !16, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 6, column: 15, scope: !15)
!19 = !DILocation(line: 8, column: 8, scope: !15)
!20 = !DILocation(line: 8, column: 6, scope: !15)
!21 = !DILocation(line: 7, column: 10, scope: !15)
!22 = !{!23, !23, i64 0}
!23 = !{!"int", !24, i64 0}
!24 = !{!"omnipotent char", !25, i64 0}
!25 = !{!"Simple C++ TBAA"}
!26 = !DILocation(line: 9, column: 8, scope: !15)
!27 = !DILocation(line: 9, column: 5, scope: !15)
!28 = !DILocation(line: 10, column: 10, scope: !15)
!29 = !DILocation(line: 11, column: 2, scope: !15)
!30 = !DILocation(line: 12, column: 1, scope: !15)
!31 = distinct !DISubprogram(name: "some_lanes", scope: !1, file: !1, line: 13, type: !16, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!32 = !DILocation(line: 15, column: 15, scope: !31)
!33 = !DILocation(line: 16, column: 6, scope: !31)
!34 = !DILocation(line: 16, column: 13, scope: !31)
!35 = !DILocation(line: 17, column: 12, scope: !31)
!36 = !DILocation(line: 17, column: 10, scope: !31)
!37 = !DILocation(line: 17, column: 3, scope: !31)
!38 = !DILocation(line: 18, column: 1, scope: !31)
!39 = distinct !DISubprogram(name: "lane0", scope: !1, file: !1, line: 19, type: !16, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!40 = !DILocation(line: 21, column: 15, scope: !39)
!41 = !DILocation(line: 22, column: 9, scope: !39)
!42 = !DILocation(line: 22, column: 15, scope: !39)
!43 = !DILocation(line: 22, column: 6, scope: !39)
!44 = !DILocation(line: 23, column: 3, scope: !39)
!45 = !DILocation(line: 23, column: 10, scope: !39)
!46 = !DILocation(line: 24, column: 3, scope: !39)
!47 = !DILocation(line: 25, column: 2, scope: !39)
!48 = !DILocation(line: 26, column: 1, scope: !39)
!49 = distinct !DISubprogram(name: "whole_warps", scope: !1, file: !1, line: 27, type: !16, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!50 = !DILocation(line: 29, column: 15, scope: !49)
!51 = !DILocation(line: 30, column: 15, scope: !49)
!52 = !DILocation(line: 30, column: 6, scope: !49)
!53 = !DILocation(line: 31, column: 3, scope: !49)
!54 = !DILocation(line: 31, column: 10, scope: !49)
!55 = !DILocation(line: 32, column: 3, scope: !49)
!56 = !DILocation(line: 33, column: 2, scope: !49)
!57 = !DILocation(line: 34, column: 13, scope: !49)
!58 = !DILocation(line: 34, column: 6, scope: !49)
!59 = !DILocation(line: 35, column: 3, scope: !49)
!60 = !DILocation(line: 35, column: 10, scope: !49)
!61 = !DILocation(line: 36, column: 3, scope: !49)
!62 = !DILocation(line: 37, column: 2, scope: !49)
!63 = !DILocation(line: 38, column: 1, scope: !49)
!64 = distinct !DISubprogram(name: "stride", scope: !1, file: !1, line: 39, type: !16, scopeLine: 40, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!65 = !DILocation(line: 41, column: 15, scope: !64)
!66 = !DILocation(line: 42, column: 25, scope: !64)
!67 = !DILocation(line: 42, column: 2, scope: !64)
!68 = !DILocation(line: 44, column: 20, scope: !64)
!69 = !DILocation(line: 44, column: 26, scope: !64)
!70 = !DILocation(line: 45, column: 25, scope: !64)
!71 = !DILocation(line: 45, column: 2, scope: !64)
!72 = !DILocation(line: 43, column: 43, scope: !64)
!73 = !DILocation(line: 43, column: 12, scope: !64)
!74 = !DILocation(line: 43, column: 10, scope: !64)
!75 = !DILocation(line: 42, column: 32, scope: !64)
!76 = distinct !{!76, !67, !77, !78, !79}
!77 = !DILocation(line: 43, column: 58, scope: !64)
!78 = !{!"llvm.loop.mustprogress"}
!79 = !{!"llvm.loop.unroll.disable"}
!80 = !DILocation(line: 47, column: 1, scope: !64)
!81 = !DILocation(line: 46, column: 43, scope: !64)
!82 = !DILocation(line: 46, column: 12, scope: !64)
!83 = !DILocation(line: 46, column: 10, scope: !64)
!84 = !DILocation(line: 45, column: 34, scope: !64)
!85 = distinct !{!85, !71, !86, !78, !79}
!86 = !DILocation(line: 46, column: 58, scope: !64)
!87 = distinct !DISubprogram(name: "masks", scope: !1, file: !1, line: 48, type: !16, scopeLine: 49, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!88 = !DILocation(line: 50, column: 15, scope: !87)
!89 = !DILocation(line: 51, column: 6, scope: !87)
!90 = !DILocation(line: 51, column: 13, scope: !87)
!91 = !DILocation(line: 52, column: 36, scope: !87)
!92 = !DILocation(line: 52, column: 12, scope: !87)
!93 = !DILocation(line: 52, column: 10, scope: !87)
!94 = !DILocation(line: 52, column: 3, scope: !87)
!95 = !DILocation(line: 53, column: 38, scope: !87)
!96 = !DILocation(line: 53, column: 35, scope: !87)
!97 = !DILocation(line: 53, column: 11, scope: !87)
!98 = !DILocation(line: 53, column: 9, scope: !87)
!99 = !DILocation(line: 54, column: 1, scope: !87)
!100 = distinct !DISubprogram(name: "reduce", scope: !1, file: !1, line: 55, type: !16, scopeLine: 56, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!101 = !DILocation(line: 57, column: 2, scope: !100)
!102 = !DILocation(line: 59, column: 2, scope: !100)
!103 = !DILocation(line: 58, column: 8, scope: !100)
!104 = !DILocation(line: 58, column: 5, scope: !100)
!105 = !DILocation(line: 57, column: 28, scope: !100)
!106 = !DILocation(line: 57, column: 21, scope: !100)
!107 = distinct !{!107, !101, !108, !78, !79}
!108 = !DILocation(line: 58, column: 50, scope: !100)
!109 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 61, type: !16, scopeLine: 62, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!110 = !DILocation(line: 63, column: 15, scope: !109)
!111 = !DILocation(line: 64, column: 18, scope: !109)
!112 = !DILocation(line: 64, column: 11, scope: !109)
!113 = !DILocation(line: 64, column: 9, scope: !109)
!114 = !DILocation(line: 65, column: 8, scope: !109)
!115 = !DILocation(line: 65, column: 6, scope: !109)
!116 = !DILocation(line: 66, column: 12, scope: !109)
!117 = !DILocation(line: 66, column: 10, scope: !109)
!118 = !DILocation(line: 66, column: 3, scope: !109)
!119 = !DILocation(line: 67, column: 1, scope: !109)
