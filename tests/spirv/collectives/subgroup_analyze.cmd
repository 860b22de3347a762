# subgroup_analyze: the collectives of subgroup.spvasm in analyze's report,
# with their states at the sub-group's level
args: analyze subgroup.spvasm
status: 0
