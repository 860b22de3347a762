; not IR after this line
define void @f() {
entry:
  this is not an instruction
}
