#!/usr/bin/env python3
"""A kernel whose words a .func writes, read back N times after calls of a
chain of functions that cannot reach them, the last read guarding a
barrier (tests/deep/CMakeLists.txt).

usage: depot-many-loads.py --bin THREADCONV [--loads N]

The kernel calls put(&word) for each of its 200 words (put stores the
block's index through its parameter), then 100 times chain0(), which calls
chain1, ..., chain49, the last of which calls put on a word of its own
depot. Then it reads its words back, N loads in all: each reads what its
put call left (docs/ptx.md, "What a call leaves"), where no call on the
way may write the word. Whether each chain0() call may reach the kernel's
depot is a search of the 50 functions it may run; asked again for every
load it made the work grow with N * 100 * 50, and past the file's bound
on it the last loads were thread-dependent and the barrier warned. Now
each call's answer is kept, and each load looks only at the stores that
may write its word (found by offset). No warning (exit 0), in seconds.
"""
import sys

from checkfile import call, expect, finish, options

WORDS, CALLS, CHAIN = 200, 100, 50


def module(n):
    out = ['.version 8.0\n.target sm_80\n.address_size 64\n\n',
           '.func put(.param .b64 put_p)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n'
           '\tld.param.u64 %rd1, [put_p];\n\tmov.u32 %r1, %ctaid.x;\n'
           '\tst.u32 [%rd1], %r1;\n\tret;\n}\n\n']
    for i in range(CHAIN - 1, -1, -1):
        if i == CHAIN - 1:  # the last: put on a word of its own depot
            body = ('\t.local .align 8 .b8 __local_depot_c%d[8];\n\t.reg .b64 %%rd<2>;\n'
                    '\tmov.u64 %%rd1, __local_depot_c%d;\n\tcvta.local.u64 %%rd1, %%rd1;\n'
                    % (i, i) + call('put', 1))
        else:
            body = call('chain%d' % (i + 1))
        out.append('.func chain%d()\n{\n%s\tret;\n}\n\n' % (i, body))
    out.append('.visible .entry k(.param .u64 k_out)\n{\n'
               '\t.local .align 8 .b8 __local_depot0[%d];\n\t.reg .b64 %%SP;\n'
               '\t.reg .pred %%p<2>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n'
               '\tmov.u64 %%SP, __local_depot0;\n\tcvta.local.u64 %%SP, %%SP;\n'
               '\tld.param.u64 %%rd1, [k_out];\n' % (4 * WORDS, n + 8, WORDS + 8))
    for i in range(WORDS):
        out.append('\tadd.u64 %%rd%d, %%SP, %d;\n' % (8 + i, 4 * i) + call('put', 8 + i))
    out.extend(call('chain0') for _ in range(CALLS))
    for i in range(n):
        out.append('\tld.u32 %%r%d, [%%SP+%d];\n\tst.global.u32 [%%rd1], %%r%d;\n'
                   % (8 + i, 4 * (i % WORDS), 8 + i))
    out.append('\tand.b32 %%r2, %%r%d, 1;\n\tsetp.eq.s32 %%p1, %%r2, 0;\n'
               '\t@%%p1 bra $L_done;\n\tbar.sync 0;\n$L_done:\n\tret;\n}\n' % (8 + n - 1))
    return ''.join(out)


def main():
    binary, n = options('loads', 4000)
    what = '%d loads after %d calls of a chain of %d' % (n, CALLS, CHAIN)
    problem = expect(binary, what, 'depot-many-loads.ptx', module(n), 0, 0)
    return finish([problem] if problem else [])


if __name__ == '__main__':
    sys.exit(main())
