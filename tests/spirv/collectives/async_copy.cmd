# async_copy: OpGroupAsyncCopy and OpGroupWaitEvents under local id == 0
# (both reported), for all (nothing), a wait whose events list is indexed by
# LocalInvocationId, a copy whose destination is, and a wait on a Function
# variable that a branch on LocalInvocationId stores different events into
# (-Wcollective-argument)
args: check async_copy.spvasm
status: 1
