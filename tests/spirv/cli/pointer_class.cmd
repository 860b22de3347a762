# pointer_class: an access chain into a Function variable typed as a
# Workgroup pointer (a load is judged by the storage class): an error
args: analyze pointer_class.spvasm
status: 2
