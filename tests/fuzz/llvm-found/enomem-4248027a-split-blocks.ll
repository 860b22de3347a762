; ModuleID = 'tests/kernels/calls/cl_outs.cl'
source_filename = "tests/kernels/calls/cl_outs.cl"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: write)
define dso_local void @group_parity(ptr nocapture noundef writeonly %0) local_unnamed_addr #0 !dbg !9 {
  %2 = tail call i64 @_Z12get_group_idj(i32 noundef 0) #6, !dbg !12
  %3 = trunc i64 %2 to i32, !dbg !13
  %4 = and i32 %3, 1, !dbg !13
  store i32 %4, ptr %0, align 4, !dbg !14, !tbaa !15
  ret void, !dbg !19
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare dso_local i64 @_Z12get_group_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: write)
define dso_local void @local_parity(ptr nocapture noundef writeonly %0) local_unnamed_addr #0 !dbg !20 {
  %2 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !21
  %3 = trunc i64 %2 to i32, !dbg !22
  %4 = and i32 %3, 1, !dbg !22
  store i32 %4, ptr %0, align 4, !dbg !23, !tbaa !15
  ret void, !dbg !24
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare dso_local i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local void @set_value(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #2 !dbg !25 {
  store i32 %1, ptr %0, align 4, !dbg !26, !tbaa !15
  ret void, !dbg !27
}

; Function Attrs: convergent mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: write)
define dso_local void @set_maybe(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #0 !dbg !28 {
  %3 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !29
  %4 = and i64 %3, 1, !dbg !30
  %5 = icmp eq i64 %4, 0, !dbg !30
  br i1 %5, label %7, label %6, !dbg !29

6:                                                ; preds = %2
  store i32 %1, ptr %0, align 4, !dbg !31, !tbaa !15
  br label %7, !dbg !32

7:                                                ; preds = %6, %2
  ret void, !dbg !33
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local void @set_nested(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #2 !dbg !34 {
  %3 = add nsw i32 %1, 1, !dbg !35
  tail call void @set_value(ptr noundef %0, i32 noundef %3) #7, !dbg !36
  ret void, !dbg !37
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local void @set_pair(ptr nocapture noundef writeonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #2 !dbg !38 {
  store i32 %2, ptr %0, align 4, !dbg !39, !tbaa !15
  store i32 %3, ptr %1, align 4, !dbg !40, !tbaa !15
  ret void, !dbg !41
}

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @outs(ptr addrspace(1) nocapture noundef writeonly align 4 %0, i32 noundef %1) local_unnamed_addr #3 !dbg !42 !kernel_arg_addr_space !43 !kernel_arg_access_qual !44 !kernel_arg_type !45 !kernel_arg_base_type !45 !kernel_arg_type_qual !46 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %3) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %4) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %5) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %6) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %7) #7, !dbg !47
  store i32 %1, ptr %7, align 4, !dbg !48, !tbaa !15
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %8) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %9) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %10) #7, !dbg !47
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %11) #7, !dbg !47
  call void @group_parity(ptr noundef nonnull %3) #8, !dbg !49
  %12 = load i32, ptr %3, align 4, !dbg !50, !tbaa !15
  %13 = icmp eq i32 %12, 0, !dbg !50
  br i1 %13, label %15, label %14, !dbg !50

14:                                               ; preds = %2
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !51
  br label %15, !dbg !51

15:                                               ; preds = %14, %2
  call void @local_parity(ptr noundef nonnull %4) #8, !dbg !52
  %16 = load i32, ptr %4, align 4, !dbg !53, !tbaa !15
  %17 = icmp eq i32 %16, 0, !dbg !53
  br i1 %17, label %19, label %18, !dbg !53

18:                                               ; preds = %15
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !54
  br label %19, !dbg !54

19:                                               ; preds = %18, %15
  call void @set_value(ptr noundef nonnull %5, i32 noundef %1) #7, !dbg !55
  %20 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !56
  %21 = trunc i64 %20 to i32, !dbg !57
  call void @set_value(ptr noundef nonnull %6, i32 noundef %21) #7, !dbg !58
  %22 = load i32, ptr %5, align 4, !dbg !59, !tbaa !15
  %23 = icmp sgt i32 %22, 2, !dbg !60
  br i1 %23, label %24, label %25, !dbg !59

24:                                               ; preds = %19
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !61
  br label %25, !dbg !61

25:                                               ; preds = %24, %19
  %26 = load i32, ptr %6, align 4, !dbg !62, !tbaa !15
  %27 = icmp sgt i32 %26, 2, !dbg !63
  br i1 %27, label %28, label %29, !dbg !62

28:                                               ; preds = %25
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !64
  br label %29, !dbg !64

29:                                               ; preds = %28, %25
  %30 = add nsw i32 %1, 1, !dbg !65
  call void @set_maybe(ptr noundef nonnull %7, i32 noundef %30) #8, !dbg !66
  %31 = load i32, ptr %7, align 4, !dbg !67, !tbaa !15
  %32 = icmp sgt i32 %31, 2, !dbg !68
  br i1 %32, label %33, label %34, !dbg !67

33:                                               ; preds = %29
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !69
  br label %34, !dbg !69

34:                                               ; preds = %33, %29
  %35 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !70
  %36 = trunc i64 %35 to i32, !dbg !71
  call void @set_pair(ptr noundef nonnull %8, ptr noundef nonnull %9, i32 noundef %1, i32 noundef %36) #7, !dbg !72
  %37 = load i32, ptr %8, align 4, !dbg !73, !tbaa !15
  %38 = icmp sgt i32 %37, 2, !dbg !74
  br i1 %38, label %39, label %40, !dbg !73

39:                                               ; preds = %34
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !75
  br label %40, !dbg !75

40:                                               ; preds = %39, %34
  %41 = load i32, ptr %9, align 4, !dbg !76, !tbaa !15
  %42 = icmp sgt i32 %41, 2, !dbg !77
  br i1 %42, label %43, label %44, !dbg !76

43:                                               ; preds = %40
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !78
  br label %44, !dbg !78

44:                                               ; preds = %43, %40
  call void @set_nested(ptr noundef nonnull %10, i32 noundef %1) #7, !dbg !79
  %45 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !80
  %46 = trunc i64 %45 to i32, !dbg !81
  call void @set_nested(ptr noundef nonnull %11, i32 noundef %46) #7, !dbg !82
  %47 = load i32, ptr %10, align 4, !dbg !83, !tbaa !15
  %48 = icmp sgt i32 %47, 2, !dbg !84
  br i1 %48, label %49, label %50, !dbg !83

49:                                               ; preds = %44
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !85
  br label %50, !dbg !85

50:                                               ; preds = %49, %44
  %51 = load i32, ptr %11, align 4, !dbg !86, !tbaa !15
  %52 = icmp sgt i32 %51, 2, !dbg !87
  br i1 %52, label %53, label %54, !dbg !86

53:                                               ; preds = %50
  tail call void @_Z7barrierj(i32 noundef 1) #8, !dbg !88
  br label %54, !dbg !88

54:                                               ; preds = %53, %50
  %55 = add nsw i32 %16, %12, !dbg !89
  %56 = add nsw i32 %55, %22, !dbg !90
  %57 = add nsw i32 %56, %26, !dbg !91
  %58 = add nsw i32 %57, %31, !dbg !92
  %59 = add nsw i32 %58, %37, !dbg !93
  %60 = add nsw i32 %59, %41, !dbg !94
  %61 = add nsw i32 %60, %47, !dbg !95
  %62 = add nsw i32 %61, %51, !dbg !96
  %63 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #6, !dbg !97
  %64 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %63, !dbg !98
  store i32 %62, ptr addrspace(1) %64, align 4, !dbg !99, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %11) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %10) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %9) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %8) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %7) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %6) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %5) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %4) #7, !dbg !100
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %3) #7, !dbg !100
  ret void, !dbg !100
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #4

; Function Attrs: convergent nounwind
declare dso_local void @_Z7barrierj(i32 noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #4

attributes #0 = { convergent mustprogress nofree noinline norecurse nounwind willreturn memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #3 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" "uniform-work-group-size"="false" }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #6 = { convergent nounwind willreturn memory(none) }
attributes #7 = { nounwind }
attributes #8 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6}
!opencl.ocl.version = !{!7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/kernels/calls/cl_outs.cl", directory: "/src")
!2 = !{ptr @outs, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{i32 2, i32 0}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "group_parity", scope: !1, file: !1, line: 19, type: !10, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!10 = !DISubroutineType(types: !11)
!11 = !{}
!12 = !DILocation(line: 19, column: 59, scope: !9)
!13 = !DILocation(line: 19, column: 53, scope: !9)
!14 = !DILocation(line: 19, column: 51, scope: !9)
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !17, i64 0}
!17 = !{!"omnipotent char", !18, i64 0}
!18 = !{!"Simple C/C++ TBAA"}
!19 = !DILocation(line: 19, column: 81, scope: !9)
!20 = distinct !DISubprogram(name: "local_parity", scope: !1, file: !1, line: 21, type: !10, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocation(line: 21, column: 59, scope: !20)
!22 = !DILocation(line: 21, column: 53, scope: !20)
!23 = !DILocation(line: 21, column: 51, scope: !20)
!24 = !DILocation(line: 21, column: 81, scope: !20)
!25 = distinct !DISubprogram(name: "set_value", scope: !1, file: !1, line: 23, type: !10, scopeLine: 23, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!26 = !DILocation(line: 23, column: 55, scope: !25)
!27 = !DILocation(line: 23, column: 60, scope: !25)
!28 = distinct !DISubprogram(name: "set_maybe", scope: !1, file: !1, line: 25, type: !10, scopeLine: 26, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!29 = !DILocation(line: 27, column: 6, scope: !28)
!30 = !DILocation(line: 27, column: 22, scope: !28)
!31 = !DILocation(line: 28, column: 8, scope: !28)
!32 = !DILocation(line: 28, column: 3, scope: !28)
!33 = !DILocation(line: 29, column: 1, scope: !28)
!34 = distinct !DISubprogram(name: "set_nested", scope: !1, file: !1, line: 31, type: !10, scopeLine: 31, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!35 = !DILocation(line: 31, column: 68, scope: !34)
!36 = !DILocation(line: 31, column: 51, scope: !34)
!37 = !DILocation(line: 31, column: 74, scope: !34)
!38 = distinct !DISubprogram(name: "set_pair", scope: !1, file: !1, line: 33, type: !10, scopeLine: 34, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!39 = !DILocation(line: 35, column: 5, scope: !38)
!40 = !DILocation(line: 36, column: 5, scope: !38)
!41 = !DILocation(line: 37, column: 1, scope: !38)
!42 = distinct !DISubprogram(name: "outs", scope: !1, file: !1, line: 39, type: !10, scopeLine: 40, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!43 = !{i32 1, i32 0}
!44 = !{!"none", !"none"}
!45 = !{!"int*", !"int"}
!46 = !{!"", !""}
!47 = !DILocation(line: 41, column: 2, scope: !42)
!48 = !DILocation(line: 41, column: 18, scope: !42)
!49 = !DILocation(line: 42, column: 2, scope: !42)
!50 = !DILocation(line: 43, column: 6, scope: !42)
!51 = !DILocation(line: 44, column: 3, scope: !42)
!52 = !DILocation(line: 45, column: 2, scope: !42)
!53 = !DILocation(line: 46, column: 6, scope: !42)
!54 = !DILocation(line: 47, column: 3, scope: !42)
!55 = !DILocation(line: 48, column: 2, scope: !42)
!56 = !DILocation(line: 49, column: 21, scope: !42)
!57 = !DILocation(line: 49, column: 16, scope: !42)
!58 = !DILocation(line: 49, column: 2, scope: !42)
!59 = !DILocation(line: 50, column: 6, scope: !42)
!60 = !DILocation(line: 50, column: 8, scope: !42)
!61 = !DILocation(line: 51, column: 3, scope: !42)
!62 = !DILocation(line: 52, column: 6, scope: !42)
!63 = !DILocation(line: 52, column: 8, scope: !42)
!64 = !DILocation(line: 53, column: 3, scope: !42)
!65 = !DILocation(line: 54, column: 18, scope: !42)
!66 = !DILocation(line: 54, column: 2, scope: !42)
!67 = !DILocation(line: 55, column: 6, scope: !42)
!68 = !DILocation(line: 55, column: 8, scope: !42)
!69 = !DILocation(line: 56, column: 3, scope: !42)
!70 = !DILocation(line: 57, column: 27, scope: !42)
!71 = !DILocation(line: 57, column: 22, scope: !42)
!72 = !DILocation(line: 57, column: 2, scope: !42)
!73 = !DILocation(line: 58, column: 6, scope: !42)
!74 = !DILocation(line: 58, column: 8, scope: !42)
!75 = !DILocation(line: 59, column: 3, scope: !42)
!76 = !DILocation(line: 60, column: 6, scope: !42)
!77 = !DILocation(line: 60, column: 8, scope: !42)
!78 = !DILocation(line: 61, column: 3, scope: !42)
!79 = !DILocation(line: 62, column: 2, scope: !42)
!80 = !DILocation(line: 63, column: 22, scope: !42)
!81 = !DILocation(line: 63, column: 17, scope: !42)
!82 = !DILocation(line: 63, column: 2, scope: !42)
!83 = !DILocation(line: 64, column: 6, scope: !42)
!84 = !DILocation(line: 64, column: 8, scope: !42)
!85 = !DILocation(line: 65, column: 3, scope: !42)
!86 = !DILocation(line: 66, column: 6, scope: !42)
!87 = !DILocation(line: 66, column: 8, scope: !42)
!88 = !DILocation(line: 67, column: 3, scope: !42)
!89 = !DILocation(line: 68, column: 25, scope: !42)
!90 = !DILocation(line: 68, column: 29, scope: !42)
!91 = !DILocation(line: 68, column: 33, scope: !42)
!92 = !DILocation(line: 68, column: 37, scope: !42)
!93 = !DILocation(line: 68, column: 41, scope: !42)
!94 = !DILocation(line: 68, column: 45, scope: !42)
!95 = !DILocation(line: 68, column: 49, scope: !42)
!96 = !DILocation(line: 68, column: 53, scope: !42)
!97 = !DILocation(line: 68, column: 4, scope: !42)
!98 = !DILocation(line: 68, column: 2, scope: !42)
!99 = !DILocation(line: 68, column: 21, scope: !42)
!100 = !DILocation(line: 69, column: 1, scope: !42)
