# subgroup: OpControlBarrier of Subgroup scope under SubgroupId == 0 and
# under a sub-group vote (not reported), under SubgroupLocalInvocationId == 0
# and LocalInvocationId.x < 16 (reported); OpGroupBroadcast's LocalId from
# SubgroupLocalInvocationId (-Wcollective-argument); a call of a function
# with a subgroup barrier under a divergent branch
args: check subgroup.spvasm
status: 1
