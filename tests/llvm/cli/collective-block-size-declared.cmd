# a size given replaces the one the kernel declares (16 x 4)
args: check --block-size 64,2 --function declared ../ir/collectives_group.ll
