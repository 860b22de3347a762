# not_spirv: 
args: analyze not_spirv.spv
status: 2
