; tests/ptx/cli/copies.cu compiled by clang-19 -x cuda --cuda-device-only
; --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -include tools/prelude/cuda.h
; -O2 -g -fdebug-compilation-dir=/src -S -emit-llvm (the prelude's path made
; /threadconv): warp_total's loop unrolled into five shuffles, one finding;
; k's barrier one node whose branch comes twice (the loop's guard and its
; latch, both at the for), one note
; ModuleID = 'copies.cu'
source_filename = "copies.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z1kPfi(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !10 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = icmp eq i32 %3, 0, !dbg !13
  br i1 %4, label %5, label %6, !dbg !14

5:                                                ; preds = %6, %2
  ret void, !dbg !15

6:                                                ; preds = %2, %6
  %7 = phi i32 [ %12, %6 ], [ 0, %2 ]
  %8 = zext nneg i32 %7 to i64, !dbg !16
  %9 = getelementptr inbounds float, ptr %0, i64 %8, !dbg !16
  %10 = load float, ptr %9, align 4, !dbg !17, !tbaa !18
  %11 = fadd contract float %10, 1.000000e+00, !dbg !17
  store float %11, ptr %9, align 4, !dbg !17, !tbaa !18
  tail call void @llvm.nvvm.barrier0(), !dbg !22
  %12 = add nuw nsw i32 %7, 1, !dbg !23
  %13 = icmp eq i32 %12, %3, !dbg !13
  br i1 %13, label %5, label %6, !dbg !14, !llvm.loop !24
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite)
define dso_local noundef float @_Z10warp_totalf(float noundef %0) local_unnamed_addr #2 !dbg !27 {
  %2 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %0, i32 16, i32 31), !dbg !28
  %3 = fadd contract float %2, %0, !dbg !32
  %4 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %3, i32 8, i32 31), !dbg !28
  %5 = fadd contract float %3, %4, !dbg !32
  %6 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %5, i32 4, i32 31), !dbg !28
  %7 = fadd contract float %5, %6, !dbg !32
  %8 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %7, i32 2, i32 31), !dbg !28
  %9 = fadd contract float %7, %8, !dbg !32
  %10 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %9, i32 1, i32 31), !dbg !28
  %11 = fadd contract float %9, %10, !dbg !32
  ret float %11, !dbg !33
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @_Z1sPf(ptr nocapture noundef %0) local_unnamed_addr #3 !dbg !34 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !35
  %3 = zext nneg i32 %2 to i64, !dbg !39
  %4 = getelementptr inbounds float, ptr %0, i64 %3, !dbg !39
  %5 = load float, ptr %4, align 4, !dbg !39, !tbaa !18
  %6 = icmp ult i32 %2, 40, !dbg !40
  br i1 %6, label %7, label %18, !dbg !41

7:                                                ; preds = %1
  %8 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %5, i32 16, i32 31), !dbg !42
  %9 = fadd contract float %5, %8, !dbg !45
  %10 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %9, i32 8, i32 31), !dbg !42
  %11 = fadd contract float %9, %10, !dbg !45
  %12 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %11, i32 4, i32 31), !dbg !42
  %13 = fadd contract float %11, %12, !dbg !45
  %14 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %13, i32 2, i32 31), !dbg !42
  %15 = fadd contract float %13, %14, !dbg !45
  %16 = tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %15, i32 1, i32 31), !dbg !42
  %17 = fadd contract float %15, %16, !dbg !45
  br label %18, !dbg !46

18:                                               ; preds = %7, %1
  %19 = phi float [ %17, %7 ], [ %5, %1 ], !dbg !47
  store float %19, ptr %4, align 4, !dbg !48, !tbaa !18
  ret void, !dbg !49
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #4

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32) #5

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" }
attributes #3 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx85,+sm_70" "uniform-work-group-size"="true" }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "copies.cu", directory: "/src")
!2 = !{ptr @_Z1kPfi, !"kernel", i32 1}
!3 = !{ptr @_Z1sPf, !"kernel", i32 1}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{}
!13 = !DILocation(line: 7, column: 21, scope: !10)
!14 = !DILocation(line: 7, column: 3, scope: !10)
!15 = !DILocation(line: 11, column: 1, scope: !10)
!16 = !DILocation(line: 8, column: 5, scope: !10)
!17 = !DILocation(line: 8, column: 10, scope: !10)
!18 = !{!19, !19, i64 0}
!19 = !{!"float", !20, i64 0}
!20 = !{!"omnipotent char", !21, i64 0}
!21 = !{!"Simple C++ TBAA"}
!22 = !DILocation(line: 9, column: 5, scope: !10)
!23 = !DILocation(line: 7, column: 37, scope: !10)
!24 = distinct !{!24, !14, !25, !26}
!25 = !DILocation(line: 10, column: 3, scope: !10)
!26 = !{!"llvm.loop.mustprogress"}
!27 = distinct !DISubprogram(name: "warp_total", scope: !1, file: !1, line: 12, type: !11, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!28 = !DILocation(line: 89, column: 9, scope: !29, inlinedAt: !31)
!29 = distinct !DISubprogram(name: "__shfl_xor_sync", scope: !30, file: !30, line: 87, type: !11, scopeLine: 88, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!30 = !DIFile(filename: "/threadconv/tools/prelude/cuda.h", directory: "")
!31 = distinct !DILocation(line: 14, column: 10, scope: !27)
!32 = !DILocation(line: 14, column: 7, scope: !27)
!33 = !DILocation(line: 15, column: 3, scope: !27)
!34 = distinct !DISubprogram(name: "s", scope: !1, file: !1, line: 17, type: !11, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!35 = !DILocation(line: 53, column: 3, scope: !36, inlinedAt: !38)
!36 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !37, file: !37, line: 53, type: !11, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!37 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h", directory: "")
!38 = distinct !DILocation(line: 18, column: 15, scope: !34)
!39 = !DILocation(line: 18, column: 13, scope: !34)
!40 = !DILocation(line: 19, column: 19, scope: !34)
!41 = !DILocation(line: 19, column: 7, scope: !34)
!42 = !DILocation(line: 89, column: 9, scope: !29, inlinedAt: !43)
!43 = distinct !DILocation(line: 14, column: 10, scope: !27, inlinedAt: !44)
!44 = distinct !DILocation(line: 19, column: 29, scope: !34)
!45 = !DILocation(line: 14, column: 7, scope: !27, inlinedAt: !44)
!46 = !DILocation(line: 19, column: 25, scope: !34)
!47 = !DILocation(line: 0, scope: !34)
!48 = !DILocation(line: 20, column: 18, scope: !34)
!49 = !DILocation(line: 21, column: 1, scope: !34)
