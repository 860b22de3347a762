#!/usr/bin/env python3
"""A PTX kernel of about BLOCKS blocks (default 10^6) on standard output, for
`threadconv check` on the default stack (tests/deep/CMakeLists.txt).

usage: deep-ptx.py [BLOCKS]

The kernel is a nest of 5,000 loops on a kernel argument (a uniform
condition), then a chain of if-thens on the thread id, each joining again
before the next, then a barrier: every thread reaches it, so `check` must
report nothing (exit 0). Any recursion over the blocks, the loops, the
dominator tree or the SSA renaming would overflow a C stack long before.
"""
import sys


def main():
    blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6
    depth = 5000
    out = sys.stdout
    w = out.write
    w('.version 8.0\n.target sm_70\n.address_size 64\n\n'
      '.visible .entry deep(.param .u32 deep_n, .param .u64 deep_out)\n{\n'
      '\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n'
      '\tld.param.u32 %r1, [deep_n];\n\tld.param.u64 %rd1, [deep_out];\n'
      '\tmov.u32 %r2, %tid.x;\n\tsetp.lt.u32 %p1, %r2, %r1;\n'
      '\tmov.u32 %r3, 0;\n')
    # the nest: H_i: r4 = r4 + 1; ... T_i: @p2 bra H_i (p2 from the argument)
    for i in range(depth):
        w('H%d:\n\tadd.s32 %%r3, %%r3, 1;\n\tsetp.lt.s32 %%p2, %%r3, %%r1;\n' % i)
    for i in reversed(range(depth)):
        w('\t@%%p2 bra H%d;\nT%d:\n' % (i, i))
    # the chain: C_i: @p1 bra J_i; r5 = r5 + r2; J_i:
    n = max(0, (blocks - 2 * depth) // 2)
    for i in range(n):
        w('\t@%%p1 bra J%d;\n\tadd.s32 %%r5, %%r5, %%r2;\nJ%d:\n' % (i, i))
    w('\tbar.sync 0;\n\tst.global.u32 [%rd1], %r5;\n\tret;\n}\n')


if __name__ == '__main__':
    main()
