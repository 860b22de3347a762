#!/usr/bin/env python3
"""A PTX module whose kernel reaches a barrier through a chain of N .func
calls (N = 100,000 by default), the thread id passed down the chain as an
argument and the barrier guarded by it at the end, and a second kernel
that calls one .func with an unconditional barrier from N call sites.
`threadconv check --format json` must end (no deep recursion anywhere),
report exactly the barrier at the end of the chain, with the innermost 31
calls that lead to it and the kernel's, the N - 32 between them counted,
and find the other barrier convergent.

Then a chain of N .funcs each with a barrier that only part of the block
reaches before it calls the next: N findings, each with its chain of
calls. Each finding keeps a bounded part of its chain, so the time and
memory grow linearly with N, not with N^2 (the whole chains of 10^5
findings would hold 5 * 10^9 calls): the text report must give N warnings,
the innermost one's notes counting the N - 16 calls not shown, within
RSS_LIMIT.

usage: deep-calls.py --bin THREADCONV [--depth N] [--work DIR]
"""
import json, resource, sys

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


def findings_module(n):
    """f0 .. fN-1, each a barrier under tid.x >= 16, then a call of the next."""
    out = ['.version 8.0', '.target sm_70', '.address_size 64', '']
    for i in range(n - 1, -1, -1):
        out += ['.func f%d()' % i, '{', '\t.reg .pred %p<2>;', '\t.reg .b32 %r<2>;',
                '\tmov.u32 %r1, %tid.x;', '\tsetp.lt.u32 %p1, %r1, 16;',
                '\t@%p1 bra $L_end;', '\tbar.sync 0;']
        if i < n - 1:
            out.append('\tcall.uni f%d, ();' % (i + 1))
        out += ['$L_end:', '\tret;', '}', '']
    out += ['.visible .entry many()', '{', '\tcall.uni f0, ();', '\tret;', '}', '']
    return '\n'.join(out)


# the most memory the check of findings_module(10^5) may take: it takes
# about 800 MB; whole chains would take hundreds of GB
RSS_LIMIT = 3 << 30


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
        else:
            b = reported[0][1]
            calls = b.get('calls', [])
            kept = min(n, 32)
            if len(calls) != kept or b.get('calls_omitted', 0) != n - kept:
                problems.append('the chain keeps %d calls and omits %d, expected %d and %d' % (
                    len(calls), b.get('calls_omitted', 0), kept, n - kept))
            elif calls[-1].get('caller') != 'chain':
                problems.append('the chain does not start at the kernel: %s' % calls[-1])
            elif n > 1 and calls[0].get('function') != 'f%d' % (n - 1):
                problems.append('the chain does not end at f%d: %s' % (n - 1, calls[0]))
        if [g for g, _ in convergent] != ['g']:
            problems.append('convergent: %s, expected g' % [g for g, _ in convergent])
    print('depth %d: %.1f s' % (n, took))

    p, took = check_text(binary, 'deep-findings.ptx', findings_module(n))
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    out = p.stdout + p.stderr
    if p.returncode != 1 or out.count(' warning: ') != n:
        problems.append('findings: exit %d and %d warnings, expected 1 and %d:\n%s' % (
            p.returncode, out.count(' warning: '), n, out[-2000:]))
    elif n > 16 and ("note: and %d more calls, from 'many'" % (n - 16)) not in out:
        problems.append("findings: no note 'and %d more calls, from 'many''" % (n - 16))
    if rss > RSS_LIMIT:
        problems.append('findings: %d MB at most, took %d MB' % (RSS_LIMIT >> 20, rss >> 20))
    print('findings at depth %d: %.1f s, %d MB' % (n, took, rss >> 20))
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
