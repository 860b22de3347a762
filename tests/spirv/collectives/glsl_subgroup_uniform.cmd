# glsl_subgroup_uniform: tests/kernels/glsl_subgroup_uniform.comp, whose
# subgroupBarrier()s are each reached by all invocations of a sub-group
# together: nothing to report. glsl_subgroup_uniform.spvasm was made in
# tests/kernels with
#   glslangValidator -V --target-env vulkan1.1 -g glsl_subgroup_uniform.comp -o s.spv
#   spirv-dis s.spv -o ../spirv/collectives/glsl_subgroup_uniform.spvasm
args: check glsl_subgroup_uniform.spvasm
status: 0
