; parses, but %x is used before it is defined
define void @f() {
entry:
  %y = add i32 %x, 1
  %x = add i32 1, 1
  ret void
}
