#!/usr/bin/env python3
"""A .func of N stores and N loads through its pointer parameter, the
stores at 64 offsets of what it points to and the loads at 8 others, that
two kernels call with objects of their own (tests/deep/CMakeLists.txt).

usage: depot-param-work.py --bin THREADCONV [--stores N]

Each load comes after stores to other bytes through the same parameter:
whether it still reads the caller's object (clean_bytes) looks at every
store, which are all set aside as apart, so the work is bounded per file
(docs/ptx.md, "Copies"), each scan of the stores counted whole and done
whole or not at all; without that, 300,000 loads each looked at 300,000
stores. The check ends in seconds. The function has no barrier: exit 0, no warning.
"""
from checkfile import run_bounded


def module(n):
    out = ['.version 8.0\n.target sm_80\n.address_size 64\n\n'
           '.func f(.param .b64 f_p)\n{\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;\n'
           '\tld.param.u64 %%rd1, [f_p];\n' % (2 * n + 4)]
    for i in range(n):
        out.append('\tmov.u32 %%r%d, %d;\n\tst.u32 [%%rd1+%d], %%r%d;\n'
                   '\tld.u32 %%r%d, [%%rd1+%d];\n'
                   % (i + 1, i, 4 * (i % 64), i + 1, n + i + 1, 256 + 4 * (i % 8)))
    out.append('\tret;\n}\n')
    for k in range(2):
        out.append('\n.visible .entry k%d()\n{\n\t.local .align 8 .b8 __local_depot%d[288];\n'
                   '\t.reg .b64 %%rd<3>;\n\tmov.u64 %%rd1, __local_depot%d;\n'
                   '\tcvta.local.u64 %%rd1, %%rd1;\n\t{\n\t.param .b64 param0;\n'
                   '\tst.param.b64 [param0], %%rd1;\n\tcall.uni f, (param0);\n\t}\n'
                   '\tret;\n}\n' % (k, k, k))
    return ''.join(out)


if __name__ == '__main__':
    run_bounded('depot-param-work.ptx', module, 'stores', 300000, 0, 0, 30,
                'the searches through a parameter are not bounded',
                'depot-param-work: %d stores checked in %.2f s, nothing to report')
