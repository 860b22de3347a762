# translator_rules: translator_rules.cl as clang-15 and llvm-spirv-15 make it
# SPIR-V at -O1, which SPIRV-Tools' validator rejects: blocks before their
# dominators (LLVM's block order), two OpLoopMerge in one block, merge
# instructions apart from their branches. Read, with one warning naming the
# rules, and analysed as the IR is. translator_rules.spvasm was made here with
#   clang-15 -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header \
#     -emit-llvm -c -O1 -gline-tables-only -fdebug-compilation-dir=. translator_rules.cl -o k.bc
#   llvm-spirv-15 k.bc -o k.spv && spirv-dis k.spv -o translator_rules.spvasm
args: analyze translator_rules.spvasm
status: 0
