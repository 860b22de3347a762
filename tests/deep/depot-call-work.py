#!/usr/bin/env python3
"""A kernel that makes N calls of a .func that stores through its pointer
parameter, each given a word of the kernel's depot, and after each a call
of a .func that reads the next word through its parameter before it writes
anything (its in), itself given the address of that word (tests/deep/
CMakeLists.txt).

usage: depot-call-work.py --bin THREADCONV [--calls N]

What each reading call passes for its in is what nothing has written yet
only where no earlier call may write those bytes: each call is asked, as
its callee's summary of what it writes through its parameters says
(docs/ptx.md, "What a call reads of its caller's local memory"), and each
question counts against the file's bound on that work; without it, N
reading calls each asked 2N calls. The check ends in seconds. The
functions have no barrier: exit 0, no warning.
"""
from checkfile import call, run_bounded


def module(n):
    out = ['.version 8.0\n.target sm_80\n.address_size 64\n\n'
           '.func put(.param .b64 put_p)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n'
           '\tld.param.u64 %rd1, [put_p];\n\tmov.u32 %r1, %tid.x;\n'
           '\tst.u32 [%rd1], %r1;\n\tret;\n}\n\n'
           '.func (.param .b32 get_r) get(.param .b64 get_p)\n{\n\t.reg .b32 %r<2>;\n'
           '\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [get_p];\n\tld.u32 %r1, [%rd1];\n'
           '\tst.param.b32 [get_r], %r1;\n\tret;\n}\n\n']
    out.append('.visible .entry k(.param .u64 k_out)\n{\n'
               '\t.local .align 8 .b8 __local_depot0[%d];\n\t.reg .b64 %%SP;\n'
               '\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n'
               '\tmov.u64 %%SP, __local_depot0;\n\tcvta.local.u64 %%SP, %%SP;\n'
               '\tld.param.u64 %%rd1, [k_out];\n' % (8 * n, n + 2, 2 * n + 2))
    for i in range(n):
        put, get = 2 * i + 2, 2 * i + 3
        out.append('\tadd.u64 %%rd%d, %%SP, %d;\n' % (put, 8 * i) + call('put', put) +
                   '\tadd.u64 %%rd%d, %%SP, %d;\n' % (get, 8 * i + 4) + call('get', get, i + 1) +
                   '\tst.global.u32 [%%rd1], %%r%d;\n' % (i + 1))
    out.append('\tret;\n}\n')
    return ''.join(out)


if __name__ == '__main__':
    run_bounded('depot-call-work.ptx', module, 'calls', 20000, 0, 0, 30,
                'the questions to calls about what they write are not bounded',
                'depot-call-work: %d calls checked in %.2f s, nothing to report')
