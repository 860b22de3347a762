; collectives_group.cl compiled by clang-19 -g -O1 (see tests/llvm/cli/collective-*.cmd), the DIFile
; directory replaced by /src; ident and producer strings dropped
; ModuleID = 'collectives_group.cl'
source_filename = "collectives_group.cl"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @reduce(ptr addrspace(1) nocapture noundef align 4 %0) local_unnamed_addr #0 !dbg !13 !kernel_arg_addr_space !16 !kernel_arg_access_qual !17 !kernel_arg_type !18 !kernel_arg_base_type !18 !kernel_arg_type_qual !19 {
  %2 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !20
  %3 = trunc i64 %2 to i32, !dbg !20
  %4 = icmp slt i32 %3, 16, !dbg !21
  br i1 %4, label %5, label %10, !dbg !22

5:                                                ; preds = %1
  %6 = tail call i32 @_Z21work_group_reduce_addi(i32 noundef %3) #5, !dbg !23
  %7 = shl i64 %2, 32, !dbg !24
  %8 = ashr exact i64 %7, 30, !dbg !24
  %9 = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %8, !dbg !24
  store i32 %6, ptr addrspace(1) %9, align 4, !dbg !25, !tbaa !26
  br label %10, !dbg !24

10:                                               ; preds = %5, %1
  %11 = tail call i32 @_Z21work_group_reduce_addi(i32 noundef 1) #5, !dbg !30
  %12 = shl i64 %2, 32, !dbg !31
  %13 = ashr exact i64 %12, 30, !dbg !31
  %14 = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %13, !dbg !31
  %15 = load i32, ptr addrspace(1) %14, align 4, !dbg !32, !tbaa !26
  %16 = add nsw i32 %15, %11, !dbg !32
  store i32 %16, ptr addrspace(1) %14, align 4, !dbg !32, !tbaa !26
  ret void, !dbg !33
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare dso_local i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent nounwind
declare dso_local i32 @_Z21work_group_reduce_addi(i32 noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @copies(ptr addrspace(1) noundef align 4 %0, ptr addrspace(3) noundef align 4 %1) local_unnamed_addr #0 !dbg !34 !kernel_arg_addr_space !35 !kernel_arg_access_qual !36 !kernel_arg_type !37 !kernel_arg_base_type !37 !kernel_arg_type_qual !38 {
  %3 = alloca ptr, align 8
  %4 = alloca [2 x ptr], align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3) #6, !dbg !39
  %5 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !40
  %6 = icmp eq i64 %5, 0, !dbg !41
  br i1 %6, label %7, label %9, !dbg !40

7:                                                ; preds = %2
  %8 = tail call ptr @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef %1, ptr addrspace(1) noundef %0, i64 noundef 64, ptr null) #5, !dbg !42
  store ptr %8, ptr %3, align 8, !dbg !43, !tbaa !44
  call void @_Z17wait_group_eventsiP9ocl_event(i32 noundef 1, ptr noundef nonnull %3) #5, !dbg !46
  br label %9, !dbg !47

9:                                                ; preds = %7, %2
  %10 = call ptr @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef %1, ptr addrspace(1) noundef %0, i64 noundef 64, ptr null) #5, !dbg !48
  store ptr %10, ptr %3, align 8, !dbg !49, !tbaa !44
  call void @_Z17wait_group_eventsiP9ocl_event(i32 noundef 1, ptr noundef nonnull %3) #5, !dbg !50
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %4) #6, !dbg !51
  %11 = call ptr @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef %1, ptr addrspace(1) noundef %0, i64 noundef 32, ptr null) #5, !dbg !52
  store ptr %11, ptr %4, align 8, !dbg !53, !tbaa !44
  %12 = getelementptr inbounds i8, ptr addrspace(3) %1, i64 128, !dbg !54
  %13 = getelementptr inbounds i8, ptr addrspace(1) %0, i64 128, !dbg !55
  %14 = call ptr @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef %12, ptr addrspace(1) noundef %13, i64 noundef 32, ptr null) #5, !dbg !56
  %15 = getelementptr inbounds i8, ptr %4, i64 8, !dbg !57
  store ptr %14, ptr %15, align 8, !dbg !58, !tbaa !44
  %16 = call i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !59
  %17 = and i64 %16, 1, !dbg !60
  %18 = getelementptr inbounds [2 x ptr], ptr %4, i64 0, i64 %17, !dbg !61
  call void @_Z17wait_group_eventsiP9ocl_event(i32 noundef 1, ptr noundef nonnull %18) #5, !dbg !62
  %19 = load i32, ptr addrspace(3) %1, align 4, !dbg !63, !tbaa !26
  %20 = lshr i64 %16, 1, !dbg !64
  %21 = call i32 @_Z20work_group_broadcastim(i32 noundef %19, i64 noundef %20) #5, !dbg !65
  %22 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %16, !dbg !66
  store i32 %21, ptr addrspace(1) %22, align 4, !dbg !67, !tbaa !26
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %4) #6, !dbg !68
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3) #6, !dbg !68
  ret void, !dbg !68
}

; Function Attrs: convergent nounwind
declare dso_local ptr @_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event(ptr addrspace(3) noundef, ptr addrspace(1) noundef, i64 noundef, ptr) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local void @_Z17wait_group_eventsiP9ocl_event(i32 noundef, ptr noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @_Z20work_group_broadcastim(i32 noundef, i64 noundef) local_unnamed_addr #3

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @subgroups(ptr addrspace(1) nocapture noundef writeonly align 4 %0) local_unnamed_addr #0 !dbg !69 !kernel_arg_addr_space !16 !kernel_arg_access_qual !17 !kernel_arg_type !18 !kernel_arg_base_type !18 !kernel_arg_type_qual !19 {
  %2 = tail call i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !70
  %3 = tail call i32 @_Z16get_sub_group_idv() #5, !dbg !71
  %4 = icmp eq i32 %3, 0, !dbg !72
  br i1 %4, label %5, label %11, !dbg !71

5:                                                ; preds = %1
  %6 = trunc i64 %2 to i32, !dbg !70
  %7 = tail call i32 @_Z20sub_group_reduce_addi(i32 noundef %6) #5, !dbg !73
  %8 = shl i64 %2, 32, !dbg !74
  %9 = ashr exact i64 %8, 30, !dbg !74
  %10 = getelementptr inbounds i8, ptr addrspace(1) %0, i64 %9, !dbg !74
  store i32 %7, ptr addrspace(1) %10, align 4, !dbg !75, !tbaa !26
  br label %11, !dbg !74

11:                                               ; preds = %5, %1
  %12 = tail call i32 @_Z22get_sub_group_local_idv() #5, !dbg !76
  %13 = icmp eq i32 %12, 0, !dbg !77
  br i1 %13, label %14, label %15, !dbg !76

14:                                               ; preds = %11
  tail call void @_Z17sub_group_barrierj(i32 noundef 1) #5, !dbg !78
  br label %15, !dbg !78

15:                                               ; preds = %14, %11
  ret void, !dbg !79
}

; Function Attrs: convergent nounwind
declare dso_local i32 @_Z16get_sub_group_idv() local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @_Z20sub_group_reduce_addi(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local i32 @_Z22get_sub_group_local_idv() local_unnamed_addr #3

; Function Attrs: convergent nounwind
declare dso_local void @_Z17sub_group_barrierj(i32 noundef) local_unnamed_addr #3

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @declared(ptr addrspace(1) nocapture noundef readnone align 4 %0) local_unnamed_addr #0 !dbg !80 !kernel_arg_addr_space !16 !kernel_arg_access_qual !17 !kernel_arg_type !18 !kernel_arg_base_type !18 !kernel_arg_type_qual !19 !reqd_work_group_size !81 {
  %2 = tail call i64 @_Z12get_local_idj(i32 noundef 1) #4, !dbg !82
  %3 = icmp eq i64 %2, 0, !dbg !83
  br i1 %3, label %4, label %5, !dbg !82

4:                                                ; preds = %1
  tail call void @_Z17sub_group_barrierj(i32 noundef 1) #5, !dbg !84
  br label %5, !dbg !84

5:                                                ; preds = %4, %1
  ret void, !dbg !85
}

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @undeclared(ptr addrspace(1) nocapture noundef readnone align 4 %0) local_unnamed_addr #0 !dbg !86 !kernel_arg_addr_space !16 !kernel_arg_access_qual !17 !kernel_arg_type !18 !kernel_arg_base_type !18 !kernel_arg_type_qual !19 {
  %2 = tail call i64 @_Z12get_local_idj(i32 noundef 1) #4, !dbg !87
  %3 = icmp eq i64 %2, 0, !dbg !88
  br i1 %3, label %4, label %5, !dbg !87

4:                                                ; preds = %1
  tail call void @_Z17sub_group_barrierj(i32 noundef 1) #5, !dbg !89
  br label %5, !dbg !89

5:                                                ; preds = %4, %1
  ret void, !dbg !90
}

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent mustprogress nofree nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-features"="+ptx85" }
attributes #4 = { convergent nounwind willreturn memory(none) }
attributes #5 = { convergent nounwind }
attributes #6 = { nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3, !4, !5, !6}
!llvm.module.flags = !{!7, !8, !9, !10}
!opencl.ocl.version = !{!11}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "collectives_group.cl", directory: "/src")
!2 = !{ptr @reduce, !"kernel", i32 1}
!3 = !{ptr @copies, !"kernel", i32 1}
!4 = !{ptr @subgroups, !"kernel", i32 1}
!5 = !{ptr @declared, !"kernel", i32 1}
!6 = !{ptr @undeclared, !"kernel", i32 1}
!7 = !{i32 7, !"Dwarf Version", i32 2}
!8 = !{i32 2, !"Debug Info Version", i32 3}
!9 = !{i32 1, !"wchar_size", i32 4}
!10 = !{i32 7, !"frame-pointer", i32 2}
!11 = !{i32 2, i32 0}
!12 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!13 = distinct !DISubprogram(name: "reduce", scope: !1, file: !1, line: 1, type: !14, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!14 = !DISubroutineType(types: !15)
!15 = !{}
!16 = !{i32 1}
!17 = !{!"none"}
!18 = !{!"int*"}
!19 = !{!""}
!20 = !DILocation(line: 3, column: 12, scope: !13)
!21 = !DILocation(line: 4, column: 10, scope: !13)
!22 = !DILocation(line: 4, column: 6, scope: !13)
!23 = !DILocation(line: 5, column: 14, scope: !13)
!24 = !DILocation(line: 5, column: 3, scope: !13)
!25 = !DILocation(line: 5, column: 12, scope: !13)
!26 = !{!27, !27, i64 0}
!27 = !{!"int", !28, i64 0}
!28 = !{!"omnipotent char", !29, i64 0}
!29 = !{!"Simple C/C++ TBAA"}
!30 = !DILocation(line: 6, column: 14, scope: !13)
!31 = !DILocation(line: 6, column: 2, scope: !13)
!32 = !DILocation(line: 6, column: 11, scope: !13)
!33 = !DILocation(line: 7, column: 1, scope: !13)
!34 = distinct !DISubprogram(name: "copies", scope: !1, file: !1, line: 8, type: !14, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!35 = !{i32 1, i32 3}
!36 = !{!"none", !"none"}
!37 = !{!"int*", !"int*"}
!38 = !{!"", !""}
!39 = !DILocation(line: 10, column: 2, scope: !34)
!40 = !DILocation(line: 11, column: 6, scope: !34)
!41 = !DILocation(line: 11, column: 22, scope: !34)
!42 = !DILocation(line: 12, column: 8, scope: !34)
!43 = !DILocation(line: 12, column: 6, scope: !34)
!44 = !{!45, !45, i64 0}
!45 = !{!"event_t", !28, i64 0}
!46 = !DILocation(line: 13, column: 3, scope: !34)
!47 = !DILocation(line: 14, column: 2, scope: !34)
!48 = !DILocation(line: 15, column: 7, scope: !34)
!49 = !DILocation(line: 15, column: 5, scope: !34)
!50 = !DILocation(line: 16, column: 2, scope: !34)
!51 = !DILocation(line: 17, column: 2, scope: !34)
!52 = !DILocation(line: 18, column: 14, scope: !34)
!53 = !DILocation(line: 18, column: 12, scope: !34)
!54 = !DILocation(line: 19, column: 40, scope: !34)
!55 = !DILocation(line: 19, column: 50, scope: !34)
!56 = !DILocation(line: 19, column: 14, scope: !34)
!57 = !DILocation(line: 19, column: 2, scope: !34)
!58 = !DILocation(line: 19, column: 12, scope: !34)
!59 = !DILocation(line: 20, column: 31, scope: !34)
!60 = !DILocation(line: 20, column: 47, scope: !34)
!61 = !DILocation(line: 20, column: 24, scope: !34)
!62 = !DILocation(line: 20, column: 2, scope: !34)
!63 = !DILocation(line: 21, column: 46, scope: !34)
!64 = !DILocation(line: 21, column: 70, scope: !34)
!65 = !DILocation(line: 21, column: 25, scope: !34)
!66 = !DILocation(line: 21, column: 2, scope: !34)
!67 = !DILocation(line: 21, column: 23, scope: !34)
!68 = !DILocation(line: 22, column: 1, scope: !34)
!69 = distinct !DISubprogram(name: "subgroups", scope: !1, file: !1, line: 23, type: !14, scopeLine: 24, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!70 = !DILocation(line: 25, column: 12, scope: !69)
!71 = !DILocation(line: 26, column: 6, scope: !69)
!72 = !DILocation(line: 26, column: 25, scope: !69)
!73 = !DILocation(line: 27, column: 14, scope: !69)
!74 = !DILocation(line: 27, column: 3, scope: !69)
!75 = !DILocation(line: 27, column: 12, scope: !69)
!76 = !DILocation(line: 28, column: 6, scope: !69)
!77 = !DILocation(line: 28, column: 31, scope: !69)
!78 = !DILocation(line: 29, column: 3, scope: !69)
!79 = !DILocation(line: 30, column: 1, scope: !69)
!80 = distinct !DISubprogram(name: "declared", scope: !1, file: !1, line: 33, type: !14, scopeLine: 34, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!81 = !{i32 16, i32 4, i32 1}
!82 = !DILocation(line: 35, column: 6, scope: !80)
!83 = !DILocation(line: 35, column: 22, scope: !80)
!84 = !DILocation(line: 36, column: 3, scope: !80)
!85 = !DILocation(line: 37, column: 1, scope: !80)
!86 = distinct !DISubprogram(name: "undeclared", scope: !1, file: !1, line: 38, type: !14, scopeLine: 39, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!87 = !DILocation(line: 40, column: 6, scope: !86)
!88 = !DILocation(line: 40, column: 22, scope: !86)
!89 = !DILocation(line: 41, column: 3, scope: !86)
!90 = !DILocation(line: 42, column: 1, scope: !86)
