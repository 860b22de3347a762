; %x is used before it is defined, and the module carries the debug-info
; version flag that every clang -g module has: LLVM's debug-info upgrade
; would abort inside its parser ("Broken module found"); we report it
define void @f() {
entry:
  %y = add i32 %x, 1
  %x = add i32 1, 1
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
