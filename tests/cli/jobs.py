#!/usr/bin/env python3
"""-j N reads and solves inputs of every kind on N threads: the output must be
the serial run's, byte for byte.

usage: jobs.py --bin PATH [--sources]

Runs check (text, json, sarif, dot) and analyze (text, json) over the
repository's test inputs: .cfg files, PTX, SPIR-V assembly, LLVM IR, one
input with a warning, and the same with two that do not read; with
--sources, a CUDA and an OpenCL C kernel and a GLSL shader too. Each with
-j 1, -j 3 and -j 64 (more jobs than inputs are cut), isolated and in the
process itself (THREADCONV_NO_ISOLATE=1), to standard output and with -o:
the exit status, standard output (or the file) and standard error must be
the same in all.
"""
import argparse, glob, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))


def inputs(sources):
    """The inputs that read, and the same with two that do not."""
    def g(pattern):
        return sorted(glob.glob(os.path.join(ROOT, pattern)))
    files = (g('tests/cli/analyze/*.cfg') + g('tests/ptx/*.ptx') + g('tests/spirv/*.spvasm') +
             g('tests/llvm/ir/*.ll'))
    if sources:
        files[3:3] = [os.path.join(ROOT, 'tests/kernels/cuda_reduce.cu'),
                      os.path.join(ROOT, 'tests/kernels/cl_divergent.cl'),
                      os.path.join(ROOT, 'tests/kernels/glsl_break.comp')]
    files = [os.path.relpath(f, ROOT) for f in files]
    # a bad input in the middle and at the end: everything is still read,
    # and every error said, in order
    bad = list(files)
    bad.insert(len(bad) // 2, 'tests/spirv/cli/truncated.spv')
    bad.append('tests/llvm/cli/truncated.bc')
    return files, bad


def run(bin_, args, isolate, out_file):
    env = dict(os.environ)
    if isolate:
        env.pop('THREADCONV_NO_ISOLATE', None)
    else:
        env['THREADCONV_NO_ISOLATE'] = '1'
    if out_file:
        args = args + ['-o', out_file]
        if os.path.exists(out_file):
            os.unlink(out_file)
    p = subprocess.run([bin_] + args, capture_output=True, cwd=ROOT, env=env, timeout=600,
                       stdin=subprocess.DEVNULL)
    out = p.stdout
    if out_file and os.path.exists(out_file):
        with open(out_file, 'rb') as f:
            out += f.read()
    return p.returncode, out, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--sources', action='store_true')
    a = ap.parse_args()
    a.bin = os.path.abspath(a.bin)
    good, bad = inputs(a.sources)
    for f in bad:
        if not os.path.exists(os.path.join(ROOT, f)):
            print('missing input %s' % f)
            return 1
    failures = 0
    tmp = tempfile.mkdtemp()
    out_file = os.path.join(tmp, 'report')
    runs = 0
    cases = [(cmd, fmt, files) for cmd, formats in (('check', ('text', 'json', 'sarif', 'dot')),
                                                    ('analyze', ('text', 'json')))
             for fmt in formats for files in (good, bad)]
    for cmd, fmt, files in cases:
        # the test kernels are written for clang (its builtins, their own
        # __global__): clang compiles their sources also where nvcc is
        base = [cmd, '--cuda-compiler', 'clang', '--format', fmt, '--no-caret'] + files
        want = run(a.bin, base + ['-j', '1'], True, None)
        # with bad inputs among them: exit 2, their errors, the good ones'
        # report all the same
        ok = (want[0] == 2 and len(want[1]) > 1000 and b'truncated.bc: error' in want[2]
              if files is bad else want[0] in (0, 1) and len(want[1]) > 1000)
        if not ok:
            print('%s %s -j 1: exit %d, %d bytes out, stderr %r'
                  % (cmd, fmt, want[0], len(want[1]), want[2][:300]))
            failures += 1
            continue
        for jobs in ('1', '3', '64'):
            for isolate in (True, False):
                for to_file in ((None, out_file) if jobs == '3' else (None,)):
                    got = run(a.bin, base + ['-j', jobs], isolate, to_file)
                    runs += 1
                    if got != want:
                        print('%s %s -j %s%s%s: differs from -j 1 (exit %d/%d, %d/%d '
                              'bytes out, %d/%d on stderr)'
                              % (cmd, fmt, jobs, '' if isolate else ' unisolated',
                                 ' -o' if to_file else '', got[0], want[0], len(got[1]),
                                 len(want[1]), len(got[2]), len(want[2])))
                        failures += 1
    print('%d inputs (and %d with 2 bad), %d runs compared with -j 1: %d differ'
          % (len(good), len(bad), runs, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
