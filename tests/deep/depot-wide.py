#!/usr/bin/env python3
"""A .func whose pointer parameter gets the depot addresses of N callers
(tests/deep/CMakeLists.txt), checked at two sizes.

usage: depot-wide.py --bin THREADCONV

The file: `touch` reads through the pointer every caller passes; kernels
`toucherI` each pass their own depot to it; `bound` keeps a count of 4 in its
depot and loops on it through `this` in `loop_count`, with a barrier in the
loop; `bound_wide` does the same in `loop_count_wide` and also passes its
depot to `touch`.

- With 40 callers, fewer addresses than one value of the analysis of local
  memory follows (docs/ptx.md, "Objects in local memory"), every count is
  read as the 4 stored: no warning, exit 0.
- With 1,100 callers, more than it follows, the depots passed to `touch` are
  open (what they hold is not known): `bound_wide`'s loop warns, at the
  barrier of `loop_count_wide` and nowhere else; `bound`'s depot is not among
  them and its loop stays uniform. Exit 1.
"""
import argparse
import re
import sys

from checkfile import check_text

HEAD = '''.version 8.0
.target sm_80
.address_size 64

.global .align 4 .u32 sink;

.func touch(.param .b64 touch_param_0)
{
\t.reg .b32 %r<2>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [touch_param_0];
\tld.u32 %r1, [%rd1];
\tst.global.u32 [sink], %r1;
\tret;
}
'''

LOOP = '''
.func {name}(.param .b64 {name}_param_0)
{{
\t.reg .pred %p<2>;
\t.reg .b32 %r<3>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [{name}_param_0];
\tmov.u32 %r1, 0;
$L_count:
\tld.u32 %r2, [%rd1];
\tsetp.ge.s32 %p1, %r1, %r2;
\t@%p1 bra $L_done;
\tbar.sync 0; // {mark}
\tadd.s32 %r1, %r1, 1;
\tbra.uni $L_count;
$L_done:
\tret;
}}
'''

KERNEL = '''
.visible .entry {name}()
{{
\t.local .align 8 .b8 __local_depot_{name}[8];
\t.reg .b64 %SP;
\t.reg .b64 %SPL;
\t.reg .b64 %rd<2>;
\tmov.u64 %SPL, __local_depot_{name};
\tcvta.local.u64 %SP, %SPL;
\tst.u32 [%SP+0], {count};
\tadd.u64 %rd1, %SP, 0;
{calls}\tret;
}}
'''

CALL = '''\t{{
\t.param .b64 param0;
\tst.param.b64 [param0+0], %rd1;
\tcall.uni {callee}, (param0);
\t}}
'''


def module(n):
    parts = [HEAD, LOOP.format(name='loop_count', mark='ok'),
             LOOP.format(name='loop_count_wide', mark='warns when open')]
    parts.append(KERNEL.format(name='bound', count=4, calls=CALL.format(callee='loop_count')))
    parts.append(KERNEL.format(name='bound_wide', count=4,
                               calls=CALL.format(callee='touch') +
                               CALL.format(callee='loop_count_wide')))
    for i in range(n):
        parts.append(KERNEL.format(name='toucher%d' % i, count=i,
                                   calls=CALL.format(callee='touch')))
    return ''.join(parts)


def run(binary, n):
    text = module(n)
    p, _ = check_text(binary, 'depot-wide-%d.ptx' % n, text, ['--no-caret'], timeout=300)
    warns = re.findall(r':(\d+):\d+: warning: ', p.stdout + p.stderr)
    lines = text.split('\n')
    at = [int(w) for w in warns]
    return p.returncode, at, lines, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    a = ap.parse_args()
    bad = 0
    rc, at, lines, out = run(a.bin, 40)
    if rc != 0 or at:
        print('40 callers: expected exit 0 and no warning, got %d, %s\n%s' % (rc, at, out))
        bad += 1
    rc, at, lines, out = run(a.bin, 1100)
    want = [i + 1 for i, l in enumerate(lines) if l.endswith('// warns when open')]
    if rc != 1 or at != want:
        print('1100 callers: expected exit 1 and a warning at line %s, got %d, %s\n%s'
              % (want, rc, at, out[:4000]))
        bad += 1
    if bad:
        sys.exit(1)
    print('depot-wide: 40 callers: no warning; 1100 callers: the open depot\'s loop warns')


if __name__ == '__main__':
    main()
