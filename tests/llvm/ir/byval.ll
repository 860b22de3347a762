; ModuleID = '../../kernels/cl_byval.cl'
source_filename = "../../kernels/cl_byval.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

%struct.params = type { i32, float }

@by_value.buf = internal unnamed_addr addrspace(3) global [64 x float] undef, align 4, !dbg !0
@by_value_written.buf = internal unnamed_addr addrspace(3) global [64 x float] undef, align 4, !dbg !16

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @by_value(ptr addrspace(1) nocapture noundef align 4 %0, ptr nocapture noundef readonly byval(%struct.params) align 4 %1) local_unnamed_addr #0 !dbg !2 !kernel_arg_addr_space !39 !kernel_arg_access_qual !40 !kernel_arg_type !41 !kernel_arg_base_type !41 !kernel_arg_type_qual !42 {
    #dbg_value(ptr addrspace(1) %0, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
    #dbg_declare(ptr %1, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !44)
  %3 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !45
    #dbg_value(i64 %3, !32, !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_lit0, DW_OP_swap, DW_OP_xderef, DW_OP_stack_value), !43)
  %4 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !46
  %5 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %4, !dbg !47
  %6 = load float, ptr addrspace(1) %5, align 4, !dbg !47, !tbaa !48
  %7 = and i64 %3, 4294967295, !dbg !52
  %8 = getelementptr inbounds [64 x float], ptr addrspace(3) @by_value.buf, i64 0, i64 %7, !dbg !52
  store float %6, ptr addrspace(3) %8, align 4, !dbg !53, !tbaa !48
  %9 = load i32, ptr %1, align 4, !dbg !54, !tbaa !56
  %10 = icmp sgt i32 %9, 4, !dbg !59
  br i1 %10, label %11, label %15, !dbg !60

11:                                               ; preds = %2
  %12 = getelementptr inbounds i8, ptr %1, i64 4, !dbg !61
  %13 = load float, ptr %12, align 4, !dbg !61, !tbaa !63
  %14 = fmul float %6, %13, !dbg !64
  store float %14, ptr addrspace(3) %8, align 4, !dbg !64, !tbaa !48
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4, !dbg !65
  br label %15, !dbg !66

15:                                               ; preds = %11, %2
  %16 = trunc i64 %3 to i32, !dbg !45
    #dbg_value(i32 %16, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  %17 = xor i32 %16, 1, !dbg !67
  %18 = zext i32 %17 to i64, !dbg !68
  %19 = getelementptr inbounds [64 x float], ptr addrspace(3) @by_value.buf, i64 0, i64 %18, !dbg !68
  %20 = load float, ptr addrspace(3) %19, align 4, !dbg !68, !tbaa !48
  %21 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !69
  %22 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %21, !dbg !70
  store float %20, ptr addrspace(1) %22, align 4, !dbg !71, !tbaa !48
  ret void, !dbg !72
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare !dbg !73 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare !dbg !77 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare !dbg !78 dso_local spir_func void @_Z7barrierj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @by_value_written(ptr addrspace(1) nocapture noundef align 4 %0, ptr nocapture noundef byval(%struct.params) align 4 %1) local_unnamed_addr #0 !dbg !18 !kernel_arg_addr_space !39 !kernel_arg_access_qual !40 !kernel_arg_type !41 !kernel_arg_base_type !41 !kernel_arg_type_qual !42 {
    #dbg_value(ptr addrspace(1) %0, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !82)
    #dbg_declare(ptr %1, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !83)
  %3 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !84
  %4 = trunc i64 %3 to i32, !dbg !84
    #dbg_value(i32 %4, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !82)
  %5 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !85
  %6 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %5, !dbg !86
  %7 = load float, ptr addrspace(1) %6, align 4, !dbg !86, !tbaa !48
  %8 = and i64 %3, 4294967295, !dbg !87
  %9 = getelementptr inbounds [64 x float], ptr addrspace(3) @by_value_written.buf, i64 0, i64 %8, !dbg !87
  store float %7, ptr addrspace(3) %9, align 4, !dbg !88, !tbaa !48
  %10 = load i32, ptr %1, align 4, !dbg !89, !tbaa !56
  %11 = add i32 %10, %4, !dbg !89
  store i32 %11, ptr %1, align 4, !dbg !89, !tbaa !56
  %12 = icmp sgt i32 %11, 4, !dbg !90
  br i1 %12, label %13, label %17, !dbg !92

13:                                               ; preds = %2
  %14 = getelementptr inbounds i8, ptr %1, i64 4, !dbg !93
  %15 = load float, ptr %14, align 4, !dbg !93, !tbaa !63
  %16 = fmul float %7, %15, !dbg !95
  store float %16, ptr addrspace(3) %9, align 4, !dbg !95, !tbaa !48
  tail call spir_func void @_Z7barrierj(i32 noundef 1) #4, !dbg !96
  br label %17, !dbg !97

17:                                               ; preds = %13, %2
  %18 = xor i32 %4, 1, !dbg !98
  %19 = zext i32 %18 to i64, !dbg !99
  %20 = getelementptr inbounds [64 x float], ptr addrspace(3) @by_value_written.buf, i64 0, i64 %19, !dbg !99
  %21 = load float, ptr addrspace(3) %20, align 4, !dbg !99, !tbaa !48
  %22 = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !100
  %23 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %22, !dbg !101
  store float %21, ptr addrspace(1) %23, align 4, !dbg !102, !tbaa !48
  ret void, !dbg !103
}

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.dbg.cu = !{!14}
!llvm.module.flags = !{!33, !34, !35, !36}
!opencl.ocl.version = !{!37}
!opencl.spir.version = !{!37}
!llvm.ident = !{!38}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "buf", scope: !2, file: !3, line: 14, type: !26, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "by_value", scope: !3, file: !3, line: 12, type: !4, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !29)
!3 = !DIFile(filename: "../../kernels/cl_byval.cl", directory: ".", checksumkind: CSK_MD5, checksum: "37f104be852195aebc38f1964ea256c0")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !8}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!8 = !DIDerivedType(tag: DW_TAG_typedef, name: "params", file: !3, line: 10, baseType: !9)
!9 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !3, line: 7, size: 64, elements: !10)
!10 = !{!11, !13}
!11 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !9, file: !3, line: 8, baseType: !12, size: 32)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "scale", scope: !9, file: !3, line: 9, baseType: !7, size: 32, offset: 32)
!14 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !15, splitDebugInlining: false, nameTableKind: None)
!15 = !{!0, !16}
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!17 = distinct !DIGlobalVariable(name: "buf", scope: !18, file: !3, line: 26, type: !26, isLocal: true, isDefinition: true)
!18 = distinct !DISubprogram(name: "by_value_written", scope: !3, file: !3, line: 24, type: !4, scopeLine: 25, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !14, retainedNodes: !19)
!19 = !{!20, !21, !22}
!20 = !DILocalVariable(name: "x", arg: 1, scope: !18, file: !3, line: 24, type: !6)
!21 = !DILocalVariable(name: "p", arg: 2, scope: !18, file: !3, line: 24, type: !8)
!22 = !DILocalVariable(name: "t", scope: !18, file: !3, line: 27, type: !23)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !24, line: 129, baseType: !25)
!24 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!25 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!26 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 2048, elements: !27)
!27 = !{!28}
!28 = !DISubrange(count: 64)
!29 = !{!30, !31, !32}
!30 = !DILocalVariable(name: "x", arg: 1, scope: !2, file: !3, line: 12, type: !6)
!31 = !DILocalVariable(name: "p", arg: 2, scope: !2, file: !3, line: 12, type: !8)
!32 = !DILocalVariable(name: "t", scope: !2, file: !3, line: 15, type: !23)
!33 = !{i32 7, !"Dwarf Version", i32 5}
!34 = !{i32 2, !"Debug Info Version", i32 3}
!35 = !{i32 1, !"wchar_size", i32 4}
!36 = !{i32 7, !"frame-pointer", i32 2}
!37 = !{i32 2, i32 0}
!38 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!39 = !{i32 1, i32 0}
!40 = !{!"none", !"none"}
!41 = !{!"float*", !"params"}
!42 = !{!"", !""}
!43 = !DILocation(line: 0, scope: !2)
!44 = !DILocation(line: 12, column: 50, scope: !2)
!45 = !DILocation(line: 15, column: 11, scope: !2)
!46 = !DILocation(line: 16, column: 13, scope: !2)
!47 = !DILocation(line: 16, column: 11, scope: !2)
!48 = !{!49, !49, i64 0}
!49 = !{!"float", !50, i64 0}
!50 = !{!"omnipotent char", !51, i64 0}
!51 = !{!"Simple C/C++ TBAA"}
!52 = !DILocation(line: 16, column: 2, scope: !2)
!53 = !DILocation(line: 16, column: 9, scope: !2)
!54 = !DILocation(line: 17, column: 8, scope: !55)
!55 = distinct !DILexicalBlock(scope: !2, file: !3, line: 17, column: 6)
!56 = !{!57, !58, i64 0}
!57 = !{!"", !58, i64 0, !49, i64 4}
!58 = !{!"int", !50, i64 0}
!59 = !DILocation(line: 17, column: 10, scope: !55)
!60 = !DILocation(line: 17, column: 6, scope: !2)
!61 = !DILocation(line: 18, column: 15, scope: !62)
!62 = distinct !DILexicalBlock(scope: !55, file: !3, line: 17, column: 15)
!63 = !{!57, !49, i64 4}
!64 = !DILocation(line: 18, column: 10, scope: !62)
!65 = !DILocation(line: 19, column: 3, scope: !62)
!66 = !DILocation(line: 20, column: 2, scope: !62)
!67 = !DILocation(line: 21, column: 30, scope: !2)
!68 = !DILocation(line: 21, column: 24, scope: !2)
!69 = !DILocation(line: 21, column: 4, scope: !2)
!70 = !DILocation(line: 21, column: 2, scope: !2)
!71 = !DILocation(line: 21, column: 22, scope: !2)
!72 = !DILocation(line: 22, column: 1, scope: !2)
!73 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !3, file: !3, line: 15, type: !74, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!74 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !75)
!75 = !{!76, !25}
!76 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!77 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !3, file: !3, line: 16, type: !74, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!78 = !DISubprogram(name: "barrier", linkageName: "_Z7barrierj", scope: !3, file: !3, line: 19, type: !79, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!79 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !80)
!80 = !{null, !81}
!81 = !DIDerivedType(tag: DW_TAG_typedef, name: "cl_mem_fence_flags", file: !24, line: 372, baseType: !23)
!82 = !DILocation(line: 0, scope: !18)
!83 = !DILocation(line: 24, column: 58, scope: !18)
!84 = !DILocation(line: 27, column: 11, scope: !18)
!85 = !DILocation(line: 28, column: 13, scope: !18)
!86 = !DILocation(line: 28, column: 11, scope: !18)
!87 = !DILocation(line: 28, column: 2, scope: !18)
!88 = !DILocation(line: 28, column: 9, scope: !18)
!89 = !DILocation(line: 29, column: 6, scope: !18)
!90 = !DILocation(line: 30, column: 10, scope: !91)
!91 = distinct !DILexicalBlock(scope: !18, file: !3, line: 30, column: 6)
!92 = !DILocation(line: 30, column: 6, scope: !18)
!93 = !DILocation(line: 31, column: 15, scope: !94)
!94 = distinct !DILexicalBlock(scope: !91, file: !3, line: 30, column: 15)
!95 = !DILocation(line: 31, column: 10, scope: !94)
!96 = !DILocation(line: 32, column: 3, scope: !94)
!97 = !DILocation(line: 33, column: 2, scope: !94)
!98 = !DILocation(line: 34, column: 30, scope: !18)
!99 = !DILocation(line: 34, column: 24, scope: !18)
!100 = !DILocation(line: 34, column: 4, scope: !18)
!101 = !DILocation(line: 34, column: 2, scope: !18)
!102 = !DILocation(line: 34, column: 22, scope: !18)
!103 = !DILocation(line: 35, column: 1, scope: !18)
