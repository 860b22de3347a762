# async_copy_json: the argument of OpGroupWaitEvents that differs, in the
# JSON report: its index among the operands (0: the execution scope), its
# name and what it depends on
args: check --format json --function wait_index async_copy.spvasm
status: 1
