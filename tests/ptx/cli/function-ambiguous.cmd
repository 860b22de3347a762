# --function f names both overloads: an error that names them
args: check --function f overloads.ptx
status: 2
