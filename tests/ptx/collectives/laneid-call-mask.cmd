# a half warp's mask made from the lane a call returns: the own half's is
# no warning, the other half's and the parity's are
args: check laneid-call-mask.ptx
status: 1
