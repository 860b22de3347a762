#!/usr/bin/env python3
"""A .func called from 1,000 functions, each with a depot of its own, that
stores its parameter through itself and reads through it 256 times
(tests/deep/CMakeLists.txt).

usage: depot-steps.py --bin THREADCONV [--slots N]  (N below 1,024: the
addresses one value holds at most)

Every depot then holds the addresses of all depots, and every read joins
them all: the depot's solve does about a million steps per read per round.
Its work is bounded per file (docs/ptx.md, "Objects in local memory"): past
the bound it starts again with no `.func` parameter followed, and check ends
in seconds. The kernel then branches on a slot that the .func wrote, around
a barrier: what is left there is not known, so the barrier is reported
(exit 1, one warning).
"""
from checkfile import run_bounded

READS = 256


def module(n):
    out = ['.version 8.0\n.target sm_80\n.address_size 64\n\n'
           '.func h(.param .b64 h_p)\n{\n\t.reg .b64 %%rd<%d>;\n' % (READS + 4),
           '\tld.param.u64 %rd1, [h_p];\n\tst.u64 [%rd1], %rd1;\n']
    for i in range(READS):
        out.append('\tld.u64 %%rd%d, [%%rd1];\n' % (i + 2))
    out.append('\tst.u64 [%%rd%d], %%rd1;\n\tret;\n}\n\n' % (READS + 1))
    # each caller has a depot of its own: an object of its own
    for i in range(n):
        out.append('.func c%d()\n{\n\t.local .align 8 .b8 __local_depot_c%d[8];\n'
                   '\t.reg .b64 %%SP;\n\t.reg .b64 %%SPL;\n\t.reg .b64 %%rd<2>;\n'
                   '\tmov.u64 %%SPL, __local_depot_c%d;\n\tcvta.local.u64 %%SP, %%SPL;\n'
                   '\tadd.u64 %%rd1, %%SP, 0;\n\t{\n\t.param .b64 param0;\n'
                   '\tst.param.b64 [param0+0], %%rd1;\n\tcall.uni h, (param0);\n\t}\n'
                   '\tret;\n}\n\n' % (i, i, i))
    out.append('.visible .entry k()\n{\n'
               '\t.local .align 8 .b8 __local_depot0[8];\n'
               '\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n\t.reg .pred %p<2>;\n'
               '\t.reg .b64 %rd<3>;\n'
               '\tmov.u64 %SPL, __local_depot0;\n\tcvta.local.u64 %SP, %SPL;\n')
    for i in range(n):
        out.append('\tcall.uni c%d, ();\n' % i)
    out.append('\tadd.u64 %rd1, %SP, 0;\n\t{\n\t.param .b64 param0;\n'
               '\tst.param.b64 [param0+0], %rd1;\n\tcall.uni h, (param0);\n\t}\n'
               '\tld.u64 %rd2, [%rd1];\n\tsetp.eq.u64 %p1, %rd2, 0;\n'
               '\t@%p1 bra L_end;\n\tbar.sync 0;\nL_end:\n\tret;\n}\n')
    return ''.join(out)


if __name__ == '__main__':
    run_bounded('depot-steps.ptx', module, 'slots', 1000, 1, 1, 30,
                "the depot's solve is not bounded",
                'depot-steps: %d slots checked in %.2f s, one warning')
