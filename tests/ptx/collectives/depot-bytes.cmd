# a value moved through the local depot a byte at a time (nvcc -G's memcpy):
# the word loaded after it is the register first stored, where every byte
# was copied so; the twins are not
args: check depot-bytes.ptx
status: 1
