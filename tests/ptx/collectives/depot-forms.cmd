# more forms of local memory the file's constants are followed through: a
# .local variable of the body named by a store and a load and read through
# its generic address in a .func (no warning); a mask read by a narrower
# load, and masks read through a pointer stepped in a loop (each warns)
args: check depot-forms.ptx
status: 1
