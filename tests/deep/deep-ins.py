#!/usr/bin/env python3
"""A chain of N functions (N = 100,000 by default) that each pass a pointer
on to the next, the last reading through it and branching on what it read
around a barrier: the kernel stores the block's parity in its variable and
passes its address. What the last reads is what the kernel stored (an in,
passed on by every call of the chain, made callees first with a stack of
their own), so the barrier is not reported: as IR at depth N, as PTX at
depth 50 (PTX's local memory is solved in at most 64 rounds over the file,
each of which carries an address one call further: at depth N it gives up,
and the barrier is reported). The twin, at depth 50, stores the thread's
index instead, and the barrier is reported. `threadconv check` must end on each, in time
linear in N (no deep recursion anywhere).

usage: deep-ins.py --bin THREADCONV [--depth N]
"""
import sys

from checkfile import check_text, finish, options

IR_HEAD = '''target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
'''


def ir(n, sreg):
    out = [IR_HEAD]
    out.append('''define void @f%d(ptr %%p) noinline {
  %%v = load i32, ptr %%p
  %%c = icmp eq i32 %%v, 1
  br i1 %%c, label %%s, label %%e
s:
  call void @llvm.nvvm.barrier0()
  br label %%e
e:
  ret void
}''' % (n - 1))
    for i in range(n - 2, -1, -1):
        out.append('define void @f%d(ptr %%p) noinline {\n'
                   '  call void @f%d(ptr %%p)\n  ret void\n}' % (i, i + 1))
    out.append('''define void @k() {
  %%x = alloca i32
  %%b = call i32 @llvm.nvvm.read.ptx.sreg.%s.x()
  %%a = and i32 %%b, 1
  store i32 %%a, ptr %%x
  call void @f0(ptr %%x)
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
''' % sreg)
    return '\n'.join(out)


def ptx(n, sreg):
    out = ['.version 8.0', '.target sm_70', '.address_size 64', '']
    out += ['.func f%d(.param .b64 f%d_p)' % (n - 1, n - 1), '{', '\t.reg .pred %p<2>;',
            '\t.reg .b32 %r<2>;', '\t.reg .b64 %rd<2>;',
            '\tld.param.u64 %%rd1, [f%d_p];' % (n - 1), '\tld.u32 %r1, [%rd1];',
            '\tsetp.eq.s32 %p1, %r1, 1;', '\t@!%p1 bra $L_e;', '\tbar.sync 0;', '$L_e:',
            '\tret;', '}', '']
    for i in range(n - 2, -1, -1):
        out += ['.func f%d(.param .b64 f%d_p)' % (i, i), '{', '\t.reg .b64 %rd<2>;',
                '\tld.param.u64 %%rd1, [f%d_p];' % i, '\t{', '\t.param .b64 param0;',
                '\tst.param.b64 [param0], %rd1;', '\tcall.uni f%d, (param0);' % (i + 1), '\t}',
                '\tret;', '}', '']
    out += ['.visible .entry k()', '{', '\t.local .align 4 .b8 __local_depot0[4];',
            '\t.reg .b64 %SP;', '\t.reg .b64 %SPL;', '\t.reg .b32 %r<3>;', '\t.reg .b64 %rd<2>;',
            '\tmov.u64 %SPL, __local_depot0;', '\tcvta.local.u64 %SP, %SPL;',
            '\tmov.u32 %%r1, %%%s.x;' % sreg, '\tand.b32 %r2, %r1, 1;',
            '\tst.local.u32 [%SPL], %r2;', '\tadd.u64 %rd1, %SP, 0;', '\t{',
            '\t.param .b64 param0;', '\tst.param.b64 [param0], %rd1;',
            '\tcall.uni f0, (param0);', '\t}', '\tret;', '}', '']
    return '\n'.join(out)


def main():
    binary, n = options('depth', 100000)
    problems = []
    short = min(n, 50)
    for name, make, sreg, depth, want in (('deep-ins.ll', ir, 'ctaid', n, 0),
                                          ('deep-ins.ll', ir, 'tid', short, 1),
                                          ('deep-ins.ptx', ptx, 'ctaid', short, 0),
                                          ('deep-ins.ptx', ptx, 'tid', short, 1),
                                          ('deep-ins.ptx', ptx, 'ctaid', n, 0 if n <= 50 else 1)):
        p, took = check_text(binary, name, make(depth, sreg))
        print('%s (%s), depth %d: exit %d, %.1f s' % (name, sreg, depth, p.returncode, took))
        if p.returncode != want:
            problems.append('%s (%s), depth %d: exit %d, expected %d:\n%s%s' % (
                name, sreg, depth, p.returncode, want, p.stdout[-1000:], p.stderr[-1000:]))
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
