# work-group and sub-group functions, async copies, and their arguments; a
# declared reqd_work_group_size of 16 x 4 makes get_local_id(1) differ in a sub-group
args: check ../ir/collectives_group.ll
status: 1
