# group_iadd: OpGroupIAdd of Workgroup scope under a branch on
# LocalInvocationId (reported), at the top level and under a branch on a
# reduction's result (not), and a scan under a branch on a scan's result
# (reported: a scan's result differs between work-items)
args: check group_iadd.spvasm
status: 1
