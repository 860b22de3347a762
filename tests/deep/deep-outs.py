#!/usr/bin/env python3
"""A chain of N functions (N = 100,000 by default) that each pass a pointer
on to the next, the last storing through it what the first was given: the
kernel passes the address of its variable and the block's index, and a
barrier is guarded by the variable read back after the call. LLVM IR: the
outs pass up the whole chain (made callees first, with a stack of their
own), so the barrier is not reported. PTX: a chain of calls is followed 4
deep, so it is reported. `threadconv check` must end on both, in time
linear in N (no deep recursion anywhere).

usage: deep-outs.py --bin THREADCONV [--depth N]
"""
import sys

from checkfile import check_text, finish, options

IR_HEAD = '''target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
'''


def ir(n):
    out = [IR_HEAD]
    out.append('define void @f%d(ptr %%p, i32 %%v) noinline {\n  store i32 %%v, ptr %%p\n'
               '  ret void\n}' % (n - 1))
    for i in range(n - 2, -1, -1):
        out.append('define void @f%d(ptr %%p, i32 %%v) noinline {\n'
                   '  call void @f%d(ptr %%p, i32 %%v)\n  ret void\n}' % (i, i + 1))
    out.append('''define void @k() {
  %x = alloca i32
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  call void @f0(ptr %x, i32 %b)
  %v = load i32, ptr %x
  %c = icmp eq i32 %v, 3
  br i1 %c, label %s, label %e
s:
  call void @llvm.nvvm.barrier0()
  br label %e
e:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
''')
    return '\n'.join(out)


def ptx(n):
    out = ['.version 8.0', '.target sm_70', '.address_size 64', '']
    out += ['.func f%d(.param .b64 f%d_p, .param .b32 f%d_v)' % (n - 1, n - 1, n - 1), '{',
            '\t.reg .b32 %r<2>;', '\t.reg .b64 %rd<3>;',
            '\tld.param.u64 %%rd1, [f%d_p];' % (n - 1), '\tld.param.u32 %%r1, [f%d_v];' % (n - 1),
            '\tcvta.to.local.u64 %rd2, %rd1;', '\tst.local.u32 [%rd2], %r1;', '\tret;', '}', '']
    for i in range(n - 2, -1, -1):
        out += ['.func f%d(.param .b64 f%d_p, .param .b32 f%d_v)' % (i, i, i), '{',
                '\t.reg .b32 %r<2>;', '\t.reg .b64 %rd<2>;',
                '\tld.param.u64 %%rd1, [f%d_p];' % i, '\tld.param.u32 %%r1, [f%d_v];' % i,
                '\t{', '\t.param .b64 param0;', '\t.param .b32 param1;',
                '\tst.param.b64 [param0], %rd1;', '\tst.param.b32 [param1], %r1;',
                '\tcall.uni f%d, (param0, param1);' % (i + 1), '\t}', '\tret;', '}', '']
    out += ['.visible .entry k()', '{', '\t.local .align 4 .b8 __local_depot0[4];',
            '\t.reg .b64 %SP;', '\t.reg .b64 %SPL;', '\t.reg .pred %p<2>;', '\t.reg .b32 %r<3>;',
            '\t.reg .b64 %rd<2>;', '\tmov.u64 %SPL, __local_depot0;',
            '\tcvta.local.u64 %SP, %SPL;', '\tadd.u64 %rd1, %SP, 0;', '\tmov.u32 %r1, %ctaid.x;',
            '\t{', '\t.param .b64 param0;', '\t.param .b32 param1;',
            '\tst.param.b64 [param0], %rd1;', '\tst.param.b32 [param1], %r1;',
            '\tcall.uni f0, (param0, param1);', '\t}', '\tld.local.u32 %r2, [%SPL];',
            '\tsetp.eq.s32 %p1, %r2, 3;', '\t@!%p1 bra $L_e;', '\tbar.sync 0;', '$L_e:',
            '\tret;', '}', '']
    return '\n'.join(out)


def main():
    binary, n = options('depth', 100000)
    problems = []
    for name, text, want in (('deep-outs.ll', ir(n), 0), ('deep-outs.ptx', ptx(n), 1)):
        p, took = check_text(binary, name, text)
        print('%s, depth %d: exit %d, %.1f s' % (name, n, p.returncode, took))
        if p.returncode != want:
            problems.append('%s: exit %d, expected %d:\n%s%s' % (
                name, p.returncode, want, p.stdout[-1000:], p.stderr[-1000:]))
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
