# a size given replaces the one the kernel declares (.reqntid 48, 2)
args: check --block-size 64 --function rows48 forms.ptx
