#!/usr/bin/env python3
"""A PTX module whose kernel reaches a barrier through a chain of N .func
calls (N = 100,000 by default), the thread id passed down the chain as an
argument and the barrier guarded by it at the end, and a second kernel
that calls one .func with an unconditional barrier from N call sites.
`threadconv check --format json` must end (no deep recursion anywhere),
report exactly the barrier at the end of the chain, with the N calls that
lead to it, and find the other barrier convergent.

usage: deep-calls.py --bin THREADCONV [--depth N] [--work DIR]
"""
import json, sys

from checkfile import check_text, finish, options


def module(n):
    out = ['.version 8.0', '.target sm_70', '.address_size 64', '']
    # the end of the chain first: PTX declares a function before its calls
    out += ['.func f%d(.param .b32 f%d_p)' % (n - 1, n - 1), '{',
            '\t.reg .pred %p<2>;', '\t.reg .b32 %r<2>;',
            '\tld.param.b32 %%r1, [f%d_p];' % (n - 1),
            '\tsetp.ge.u32 %p1, %r1, 16;', '\t@%p1 bra $L_end;',
            '\tbar.sync 0;', '$L_end:', '\tret;', '}', '']
    for i in range(n - 2, -1, -1):
        out += ['.func f%d(.param .b32 f%d_p)' % (i, i), '{', '\t.reg .b32 %r<2>;',
                '\tld.param.b32 %%r1, [f%d_p];' % i, '\t{', '\t.param .b32 param0;',
                '\tst.param.b32 [param0], %r1;', '\tcall.uni f%d, (param0);' % (i + 1),
                '\t}', '\tret;', '}', '']
    out += ['.visible .entry chain()', '{', '\t.reg .b32 %r<2>;', '\tmov.u32 %r1, %tid.x;',
            '\t{', '\t.param .b32 param0;', '\tst.param.b32 [param0], %r1;',
            '\tcall.uni f0, (param0);', '\t}', '\tret;', '}', '']
    out += ['.func g()', '{', '\tbar.sync 0;', '\tret;', '}', '',
            '.visible .entry fan()', '{']
    out += ['\tcall.uni g, ();'] * n
    out += ['\tret;', '}', '']
    return '\n'.join(out)


def main():
    binary, n = options('depth', 100000)
    p, took = check_text(binary, 'deep-calls.ptx', module(n), ['--format', 'json'])
    problems = []
    if p.returncode != 1:
        problems.append('exit %d, expected 1:\n%s' % (p.returncode, p.stderr[-2000:]))
    else:
        reported, convergent = [], []
        for g in json.loads(p.stdout)['graphs']:
            for b in g['barriers']:
                if 'call' in b:
                    continue
                (reported if b['state'] == 'U' else convergent).append((g['name'], b))
        if [g for g, _ in reported] != ['f%d' % (n - 1)]:
            problems.append('reported: %s, expected f%d only' % ([g for g, _ in reported], n - 1))
        elif len(reported[0][1].get('calls', [])) != n:
            problems.append('the chain has %d calls, expected %d' % (
                len(reported[0][1].get('calls', [])), n))
        elif reported[0][1]['calls'][-1].get('caller') != 'chain':
            problems.append('the chain does not start at the kernel: %s' % reported[0][1]['calls'][-1])
        if [g for g, _ in convergent] != ['g']:
            problems.append('convergent: %s, expected g' % [g for g, _ in convergent])
    print('depth %d: %.1f s' % (n, took))
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
