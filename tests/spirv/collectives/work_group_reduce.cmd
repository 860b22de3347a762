# work_group_reduce: work_group_reduce.cl as clang-15 and llvm-spirv-15 make
# it SPIR-V: work_group_reduce_add under get_local_id(0) < 16 (reported), for
# all (not), sub_group_barrier under get_sub_group_id() == 0 (not) and
# sub_group_reduce_add under get_sub_group_local_id() == 0 (reported), as
# for the LLVM IR. work_group_reduce.spvasm was made here with
#   clang-15 -x cl -cl-std=CL2.0 -Xclang -cl-ext=+cl_khr_subgroups -target spir64 \
#     -emit-llvm -c -O1 -gline-tables-only -fdebug-compilation-dir=. work_group_reduce.cl -o k.bc
#   llvm-spirv-15 k.bc -o k.spv && spirv-dis k.spv -o work_group_reduce.spvasm
args: check work_group_reduce.spvasm
status: 1
