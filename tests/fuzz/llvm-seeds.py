#!/usr/bin/env python3
"""Seeds for fuzz_llvm: every kernel of tests/kernels (and tests/kernels/calls,
whose barriers, collectives and out-parameters are in helpers) compiled by clang at -O0
and -O2 with -g, as text IR and as bitcode, plus the hand-written IR of
tests/llvm. With --ptx, seeds for fuzz_ptx instead: the same kernels
compiled to PTX, plus the hand-written PTX of tests/ptx. Compiled from the
repository's root with relative names and -fdebug-compilation-dir, so that
the seeds are the same from every checkout.

usage: llvm-seeds.py --clang PATH [--ptx] OUTDIR
"""
import argparse, glob, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'kernels'))
import kernels  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--clang', required=True)
    ap.add_argument('--ptx', action='store_true')
    ap.add_argument('out')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    made = 0
    # the kernels, and those whose barriers and out-parameters are in helpers
    for src in sorted(glob.glob(os.path.join(ROOT, 'tests', 'kernels', '*.c[lu]')) +
                      glob.glob(os.path.join(ROOT, 'tests', 'kernels', 'calls', '*.c[lu]'))):
        rel = os.path.relpath(src, ROOT)
        base = os.path.splitext(os.path.basename(src))[0]
        if os.path.basename(os.path.dirname(src)) == 'calls':
            base = 'calls_' + base
        for opt in ('-O0', '-O2'):
            kinds = (('ptx', []),) if a.ptx else (('ll', ['-emit-llvm']), ('bc', ['-c', '-emit-llvm']))
            for kind, flags in kinds:
                out = os.path.abspath(os.path.join(a.out, '%s%s.%s' % (base, opt, kind)))
                cc = [a.clang] + kernels.FLAGS[os.path.splitext(src)[1]] + [
                    opt, '-S', '-g', '-fdebug-compilation-dir=/src'] + flags + [rel, '-o', out]
                p = subprocess.run(cc, cwd=ROOT, capture_output=True, text=True)
                if p.returncode != 0:
                    sys.exit('%s: clang failed:\n%s' % (' '.join(cc), p.stderr))
                made += 1
    hand = [('ptx', '*.ptx'), ('fuzz', 'ptx-found', '*.ptx')] if a.ptx else [('llvm', 'ir', '*.ll')]
    for f in [f for h in hand for f in glob.glob(os.path.join(ROOT, 'tests', *h))]:
        shutil.copy(f, a.out)
        made += 1
    print('llvm-seeds: %d seeds in %s' % (made, a.out))


if __name__ == '__main__':
    main()
