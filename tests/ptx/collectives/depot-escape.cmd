# the object of depot-object.cmd with its address also stored to global
# memory: what the file keeps in local memory is not followed (warns)
args: check depot-escape.ptx
status: 1
