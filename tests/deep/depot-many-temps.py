#!/usr/bin/env python3
"""Kernels that each pass many temporaries of their depot to one helper
taking a const int & (nvcc -G's operator() of a functor, cuda::std::min,
tuple's get), as CUB's agents do (tests/deep/CMakeLists.txt).

usage: depot-many-temps.py --bin THREADCONV [--temps N]

What the helper's parameter holds joins what every call passes: N exact
offsets into each kernel's depot (docs/ptx.md, "Objects in local memory":
up to MAX_JOIN_OFFS of one object, 256). Each kernel also keeps the
address of its flag in its depot and reads the flag back through it, a
copy of the block's parity that guards a barrier.

- one kernel, N temporaries (100: more than the 64 this limit was): read
  at N exact offsets, the helper's 4-byte load reads no part of the kept
  address, the depot stays followed and the barrier does not warn;
- the twin also passes the kept address's own slot: the helper reads part
  of an address, the depot is open and the barrier warns;
- 12 kernels of 90 temporaries each: 1,080 addresses in the parameter,
  more than one value holds (MAX_ADDRS, 1,024). The object whose exact
  offsets come past that is kept at any offset instead: the helper's load
  then may read part of that kernel's kept address, which opens its depot
  alone, and only its barrier warns (giving the value up opened all 12
  depots: 12 warnings). The check ends in seconds.
"""
import sys

from checkfile import check_text, finish, options

HELPER = ('.func (.param .b32 get_r) get(.param .b64 get_p)\n{\n\t.reg .b32 %r<2>;\n'
          '\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [get_p];\n\tld.u32 %r1, [%rd1];\n'
          '\tst.param.b32 [get_r], %r1;\n\tret;\n}\n\n')


def call(arg, result):
    """A call of get passing %rdARG and reading %rRESULT back."""
    return ('\t{\n\t.param .b64 param0;\n\tst.param.b64 [param0+0], %%rd%d;\n'
            '\t.param .b32 retval0;\n\tcall.uni (retval0), get, (param0);\n'
            '\tld.param.b32 %%r%d, [retval0+0];\n\t}\n' % (arg, result))


def kernel(name, n, part):
    """A kernel passing n temporaries (and its kept address's slot: part)."""
    kept = 4 * n + 8 - (4 * n) % 8  # the slot of the kept address (8-aligned)
    out = ['.visible .entry %s(.param .u64 %s_out)\n{\n' % (name, name),
           '\t.local .align 8 .b8 __local_depot_%s[%d];\n' % (name, kept + 16),
           '\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n\t.reg .pred %p<2>;\n',
           '\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n' % (2 * n + 8, n + 8),
           '\tmov.u64 %%SPL, __local_depot_%s;\n\tcvta.local.u64 %%SP, %%SPL;\n' % name,
           '\tld.param.u64 %%rd1, [%s_out];\n\tmov.u32 %%r1, %%ctaid.x;\n' % name,
           '\tand.b32 %r2, %r1, 1;\n',
           '\tadd.u64 %%rd2, %%SP, %d;\n\tst.u64 [%%SP+%d], %%rd2;\n' % (kept + 8, kept)]
    for i in range(n):
        v, res, a = 8 + i, 8 + n + i, 8 + i
        out.append('\tadd.s32 %%r%d, %%r1, %d;\n\tst.u32 [%%SP+%d], %%r%d;\n'
                   '\tadd.u64 %%rd%d, %%SP, %d;\n' % (v, i, 4 * i, v, a, 4 * i))
        out.append(call(a, res))
        out.append('\tst.global.u32 [%%rd1+%d], %%r%d;\n' % (4 * i, res))
    if part:
        out.append('\tadd.u64 %%rd5, %%SP, %d;\n' % kept + call(5, 4) +
                   '\tst.global.u32 [%rd1], %r4;\n')
    out.append('\tld.u64 %%rd3, [%%SP+%d];\n\tst.u32 [%%rd3], %%r2;\n'
               '\tld.u64 %%rd4, [%%SP+%d];\n\tld.u32 %%r3, [%%rd4];\n'
               '\tsetp.eq.s32 %%p1, %%r3, 0;\n\t@%%p1 bra $L_%s_done;\n\tbar.sync 0;\n'
               '$L_%s_done:\n\tret;\n}\n\n' % (kept, kept, name, name))
    return ''.join(out)


def module(kernels, n, part):
    head = '.version 8.0\n.target sm_80\n.address_size 64\n\n'
    return head + HELPER + ''.join(kernel('k%d' % i, n, part) for i in range(kernels))


def main():
    binary, n = options('temps', 100)
    problems = []
    for what, text, status, warnings in (
            ('%d temporaries' % n, module(1, n, False), 0, 0),
            ('%d temporaries and the kept address' % n, module(1, n, True), 1, 1),
            ('12 kernels of 90 temporaries', module(12, 90, False), 1, 1)):
        p, dt = check_text(binary, 'depot-many-temps.ptx', text, timeout=300)
        got = (p.stdout + p.stderr).count('warning:')
        if p.returncode != status or got != warnings:
            problems.append('%s: expected exit %d and %d warning(s), got %d and %d:\n%s' %
                            (what, status, warnings, p.returncode, got,
                             (p.stdout + p.stderr)[:1500]))
        elif dt > 30:
            problems.append('%s: took %.1f s' % (what, dt))
        else:
            print('%s: exit %d, %d warning(s), %.2f s' % (what, status, warnings, dt))
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
