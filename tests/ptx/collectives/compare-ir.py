#!/usr/bin/env python3
"""Checks that threadconv judges the collectives of a CUDA file's PTX as it
judges those of its LLVM IR.

usage: compare-ir.py --bin THREADCONV --clang CLANG [--arch SM] [--levels L,...]
                     [--work DIR] FILE.cu...

Each FILE.cu is compiled by CLANG (clang-19: -x cuda --cuda-device-only
-nocudainc -nocudalib --cuda-gpu-arch=SM, default sm_70, -g) at -O0, -O1 and -O2
(--levels=-O1,-O2: those given), to text
IR (-emit-llvm -S) and to PTX (-S). `threadconv check --format json` runs on
both, and graph by graph (matched by name) the collectives must agree, in
order: kind, group, state, whether masked, the argument that may differ
(its name: its index is in each form's own order) and the source line. Names are not compared (the IR's are
CUDA's, "__shfl_sync"; PTX's are the opcodes, "shfl.sync.idx"). Every graph
of the IR must be in the PTX. Exit 1 on any difference.
"""
import argparse, json, os, subprocess, sys, tempfile

FLAGS = ['-x', 'cuda', '--cuda-device-only', '-nocudainc', '-nocudalib',
         '-Wno-unknown-cuda-version', '-g', '-S']


def collectives(args, path):
    p = subprocess.run([args.bin, 'check', '--format', 'json', path],
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit('%s: threadconv check exited %d:\n%s' % (path, p.returncode, p.stderr))
    out = {}
    for g in json.loads(p.stdout)['graphs']:
        out[g['name']] = [(c['kind'], c['group'], c['state'], bool(c.get('masked')),
                           (c.get('argument') or {}).get('name'), c.get('line'))
                          for c in g.get('collectives', [])]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--clang', required=True)
    ap.add_argument('--arch', default='sm_70')
    ap.add_argument('--levels', default='-O0,-O1,-O2')
    ap.add_argument('--work')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix='tc-coll-')
    os.makedirs(work, exist_ok=True)
    problems, compared = [], 0
    for cu in args.files:
        stem = os.path.splitext(os.path.basename(cu))[0]
        for level in args.levels.split(','):
            got = {}
            for ext, extra in (('ll', ['-emit-llvm']), ('ptx', [])):
                out = os.path.join(work, '%s%s.%s' % (stem, level, ext))
                p = subprocess.run([args.clang] + FLAGS + ['--cuda-gpu-arch=' + args.arch] + extra +
                                   [level, cu, '-o', out],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    sys.exit('%s %s: clang failed:\n%s' % (cu, level, p.stderr))
                got[ext] = collectives(args, out)
            for name, ir in sorted(got['ll'].items()):
                ptx = got['ptx'].get(name)
                if ptx is None:
                    problems.append('%s %s: %s: no graph in the PTX' % (stem, level, name))
                elif ir != ptx:
                    problems.append('%s %s: %s: IR %s, PTX %s' % (stem, level, name, ir, ptx))
                compared += len(ir)
    for p in problems:
        print(p)
    print('%d collective verdict(s) compared, %d difference(s)' % (compared, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
