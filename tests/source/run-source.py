#!/usr/bin/env python3
"""`threadconv check SOURCE` (the tool compiles it) against the compile-then-
check path, kernel by kernel.

usage: run-source.py --bin THREADCONV --clang CLANG --work DIR [--nvcc NVCC] SOURCE...

For each .cu and .cl source, the test kernels' own way of building it
(kernels.compile_kernel with kernels.FLAGS, -O1, bitcode; for .comp,
glslangValidator -V --target-env vulkan1.1 -g) is checked with
`threadconv check --format json`, and so is the source itself. Every graph's
barriers and collectives (node, state, line, column) and the exit status
must be the same. So must `threadconv analyze --format json`'s states of
every node and edge and its barriers (node, state, line) on both. CUDA is
checked so twice: with `--cuda-compiler clang` against clang's bitcode, and,
with --nvcc, by default (nvcc) against `nvcc -ptx -lineinfo`'s PTX.
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


def compare(args, src, out, from_source, extra):
    """Problems of `check`/`analyze` on the compiled file out against the
    same on src with the options from_source (before src) and extra."""
    problems = []
    for mode, judge in (('check', verdicts), ('analyze', analyze_verdicts)):
        a = subprocess.run([args.bin, mode, '--format', 'json', out], capture_output=True,
                           text=True)
        b = subprocess.run([args.bin, mode, '--format', 'json'] + from_source +
                           extra[:1 if extra and extra[0] != '--' else 0] + [src] +
                           (extra if extra[:1] == ['--'] else []),
                           capture_output=True, text=True)
        if a.returncode != b.returncode:
            problems.append('%s: %s %s: exit %d compiled, %d from source:\n%s' % (
                src, mode, ' '.join(from_source), a.returncode, b.returncode, b.stderr))
        elif a.returncode in (0, 1) and judge(a.stdout) != judge(b.stdout):
            problems.append('%s: %s %s: verdicts differ:\n  %s\n  %s' % (
                src, mode, ' '.join(from_source), judge(a.stdout), judge(b.stdout)))
    return problems


def check_nvcc(args, src, extra):
    """src from source by nvcc (the default where a toolkit is) against
    nvcc -ptx -lineinfo run here."""
    base = os.path.splitext(os.path.basename(src))[0]
    out = os.path.join(args.work, base + '.nvcc.ptx')
    arch = [e.replace('--cuda-gpu-arch=', '-arch=') for e in extra if e.startswith('--cuda')]
    p = subprocess.run([args.nvcc, '-ptx', '-lineinfo'] + arch + [src, '-o', out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return ['%s: nvcc failed:\n%s' % (src, p.stdout + p.stderr)]
    return compare(args, src, out, [], extra)


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
    cuda = src.endswith('.cu')
    problems = compare(args, src, out, ['--cuda-compiler', 'clang'] if cuda else [], extra)
    if cuda and args.nvcc and not clang_only(src):
        args.through_nvcc += 1
        problems += check_nvcc(args, src, extra)
    return problems


def clang_only(src):
    """Whether a CUDA test kernel is written for clang alone: with its
    builtins (__nvvm_*) and its own __global__, which nvcc's headers define."""
    with open(src) as f:
        text = f.read()
    return '__nvvm_' in text or '__attribute__((global))' in text or '// no-nvcc' in text


def main():
    import argparse
    ap = argparse.ArgumentParser()
    for name in ('--bin', '--clang', '--work'):
        ap.add_argument(name, required=True)
    ap.add_argument('--nvcc', help='the CUDA toolkit\'s nvcc: CUDA from source by nvcc too')
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    problems = []
    args.through_nvcc = 0
    for src in args.sources:
        problems += check(args, src)
    for p in problems:
        print(p)
    print('%d sources (%d of them also through nvcc), %d problems%s' % (
        len(args.sources), args.through_nvcc, len(problems),
        '' if args.nvcc else ' (no CUDA toolkit: CUDA not checked through nvcc)'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
