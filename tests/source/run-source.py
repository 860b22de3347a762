#!/usr/bin/env python3
"""`threadconv check SOURCE` (the tool compiles it) against the compile-then-
check path, kernel by kernel.

usage: run-source.py --bin THREADCONV --clang CLANG --work DIR SOURCE...

For each .cu and .cl source, the test kernels' own way of building it
(kernels.compile_kernel with kernels.FLAGS, -O1, bitcode; for .comp,
glslangValidator -V --target-env vulkan1.1 -g) is checked with
`threadconv check --format json`, and so is the source itself. Every graph's
barriers and collectives (node, state, line, column) and the exit status
must be the same. So must `threadconv analyze --format json`'s states of
every node and edge and its barriers (node, state, line) on both.
"""
import json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'kernels'))
import kernels

CL_EXTRA = ['-Xclang', '-cl-ext=+cl_khr_subgroups']


def verdicts(out):
    doc = json.loads(out)
    res = []
    for g in doc['graphs']:
        for key in ('barriers', 'collectives'):
            for b in g.get(key, []):
                res.append((g['name'], key, b.get('node'), b.get('state'), b.get('line'),
                            b.get('column')))
    return res


def analyze_verdicts(out):
    doc = json.loads(out)
    res = []
    for g in doc['graphs']:
        res.append((g['name'], [(n['name'], n['state']) for n in g['nodes']],
                    [(e['from'], e['to'], e['state']) for e in g['edges']],
                    [(b['node'], b['state'], b.get('line')) for b in g['barriers']]))
    return res


def check(args, src):
    base = os.path.splitext(os.path.basename(src))[0]
    flags = list(kernels.FLAGS.get(os.path.splitext(src)[1], []))
    extra = []
    if src.endswith('.cl'):
        flags += CL_EXTRA
        extra = ['--'] + CL_EXTRA
    elif 'collectives' in src:
        with open(src) as f:
            text = f.read()
        if '// arch: sm_80' in text:
            flags = [f if not f.startswith('--cuda-gpu-arch=') else '--cuda-gpu-arch=sm_80'
                     for f in flags]
            extra = ['--cuda-gpu-arch=sm_80']
    if src.endswith('.comp'):
        out = os.path.join(args.work, base + '.spv')
        p = subprocess.run(['glslangValidator', '-V', '--target-env', 'vulkan1.1', '-g', src,
                            '-o', out], capture_output=True, text=True)
        if p.returncode != 0:
            return ['%s: glslangValidator failed:\n%s' % (src, p.stdout + p.stderr)]
    else:
        out = os.path.join(args.work, base + '.O1.bc')
        err = kernels.compile_kernel(args.clang, src, out, ['-O1', '-c'], flags)
        if err:
            return [err]
    problems = []
    for mode, judge in (('check', verdicts), ('analyze', analyze_verdicts)):
        a = subprocess.run([args.bin, mode, '--format', 'json', out], capture_output=True,
                           text=True)
        b = subprocess.run([args.bin, mode, '--format', 'json'] + extra[:1 if extra and
                           extra[0] != '--' else 0] + [src] +
                           (extra if extra[:1] == ['--'] else []),
                           capture_output=True, text=True)
        if a.returncode != b.returncode:
            problems.append('%s: %s: exit %d compiled, %d from source:\n%s' % (
                src, mode, a.returncode, b.returncode, b.stderr))
        elif a.returncode in (0, 1) and judge(a.stdout) != judge(b.stdout):
            problems.append('%s: %s: verdicts differ:\n  %s\n  %s' % (
                src, mode, judge(a.stdout), judge(b.stdout)))
    return problems


def main():
    import argparse
    ap = argparse.ArgumentParser()
    for name in ('--bin', '--clang', '--work'):
        ap.add_argument(name, required=True)
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    problems = []
    for src in args.sources:
        problems += check(args, src)
    for p in problems:
        print(p)
    print('%d sources, %d problems' % (len(args.sources), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
