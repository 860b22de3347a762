#!/usr/bin/env python3
"""A kernel of 100,000 blocks whose depot object is written at an index in
every block and read at one field after it (tests/deep/CMakeLists.txt).

usage: depot-work.py --bin THREADCONV [--blocks N]

Each load of the field has every store at an index as another store that may
write it, so whether it is a copy of what the first store wrote asks for the
ways between them: the work of that search is bounded per file (docs/ptx.md,
"Copies"), so the check ends in seconds. The branches on the field join again
before the one barrier at the end, which every thread reaches: exit 0, no
warning.
"""
from checkfile import run_bounded


def module(n):
    out = ['.version 8.0\n.target sm_80\n.address_size 64\n'
           '.visible .entry k(.param .u64 p)\n{\n'
           '\t.local .align 8 .b8 __local_depot0[64];\n'
           '\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n\t.reg .pred %p<4>;\n',
           '\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n' % (3 * n + 10, 2 * n + 10),
           '\tmov.u64 %SPL, __local_depot0;\n\tcvta.local.u64 %SP, %SPL;\n'
           '\tadd.u64 %rd1, %SP, 16;\n\tst.u64 [%SP+0], %rd1;\n'
           '\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.x;\n\tst.u32 [%rd1+8], %r2;\n']
    for i in range(n):
        out.append('\tmul.wide.u32 %%rd%d, %%r1, 4;\n\tadd.s64 %%rd%d, %%rd1, %%rd%d;\n'
                   '\tst.u32 [%%rd%d+12], %%r1;\n\tld.u32 %%r%d, [%%rd1+8];\n'
                   '\tsetp.eq.u32 %%p1, %%r%d, 0;\n\t@%%p1 bra L%d;\n'
                   '\tadd.u32 %%r%d, %%r1, 1;\nL%d:\n'
                   % (i + 3, n + i + 3, i + 3, n + i + 3, i + 3, i + 3, i, n + i + 3, i))
    out.append('\tbar.sync 0;\n\tret;\n}\n')
    return ''.join(out)


if __name__ == '__main__':
    run_bounded('depot-work.ptx', module, 'blocks', 100000, 0, 0, 60,
                'the search for stores on the way is not bounded',
                'depot-work: %d blocks checked in %.2f s, nothing to report')
