# glsl_subgroup_divergent: tests/kernels/glsl_subgroup_divergent.comp, whose
# subgroupBarrier()s under gl_SubgroupInvocationID and gl_LocalInvocationID
# are reported, with the workgroup barrier under the latter.
# glsl_subgroup_divergent.spvasm was made in tests/kernels with
#   glslangValidator -V --target-env vulkan1.1 -g glsl_subgroup_divergent.comp -o s.spv
#   spirv-dis s.spv -o ../spirv/collectives/glsl_subgroup_divergent.spvasm
args: check glsl_subgroup_divergent.spvasm
status: 1
