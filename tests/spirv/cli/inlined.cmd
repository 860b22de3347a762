# inlined: inlined.comp's helpers (inlined_helper.glsl) inlined into main by
# spirv-opt, which keeps NonSemantic.Shader.DebugInfo.100 with DebugScope's
# InlinedAt: as for IR, the barrier of block_sync, which stage_sync calls
# under a branch on its argument, is reported at main's call of stage_sync
# with a note naming stage_sync at its call of block_sync (one step in along
# the chain), and the branch in stage_sync is shown at that call too; the
# subgroupBarrier of lane_sync likewise. inlined.spvasm was made here with
#   glslangValidator -V -gVS --target-env vulkan1.3 inlined.comp -o k.spv
#   spirv-opt -O --eliminate-dead-functions k.spv -o k2.spv
#   spirv-dis k2.spv -o inlined.spvasm
args: check inlined.spvasm
status: 1
