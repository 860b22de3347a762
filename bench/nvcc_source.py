#!/usr/bin/env python3
"""threadconv check on CUDA sources against nvcc compiling them alone (README.md).

usage: nvcc_source.py CORPUS_DIR [--runs N] [--bin PATH] [--nvcc PATH]
                      [--arch ARCH] [--out FILE] [--commit C] [-- FLAGS...]

For every .cu file directly in CORPUS_DIR (a folder of real kernels, such as
llm.c's dev/cuda: bench/results/nvcc_source.md names the one measured and
its commit), RUNS times, the two commands in turn (the order swaps every
run), each under /usr/bin/time -v, in CORPUS_DIR:

  nvcc -ptx -lineinfo -arch=ARCH FLAGS F.cu -o TMP.ptx      (the compile alone)
  threadconv check --cuda-gpu-arch ARCH F.cu -- FLAGS       (compile, read, check)

threadconv runs nvcc with the same flags (-ptx -lineinfo), so the difference
is what it adds: reading the PTX, the analyses and the report. Prints, per
file, the median CPU time (user + system, the children included) of each and
their ratio, and over all files the ratio of the summed medians (goal: at
most GOAL_RATIO) and the largest ratio of one file. A file nvcc cannot
compile is left out, and said.
"""
import argparse, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import timed_run, median, ROOT  # noqa: E402

GOAL_RATIO = 1.15


def main():
    argv = sys.argv[1:]
    flags = []
    if '--' in argv:
        flags = argv[argv.index('--') + 1:]
        argv = argv[:argv.index('--')]
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('corpus')
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--nvcc', default=shutil.which('nvcc') or '/usr/local/cuda/bin/nvcc')
    ap.add_argument('--arch', default='sm_80')
    ap.add_argument('--out')
    ap.add_argument('--commit', default='', help='the corpus\'s commit, for the report')
    a = ap.parse_args(argv)
    time_bin = shutil.which('time') or '/usr/bin/time'
    if not os.access(time_bin, os.X_OK):
        sys.exit('nvcc_source.py: needs GNU time (/usr/bin/time)')
    corpus = os.path.abspath(a.corpus)
    files = sorted(f for f in os.listdir(corpus) if f.endswith('.cu'))
    tmp = tempfile.mkdtemp(prefix='tc-nvcc-bench-')
    rows, skipped = [], []
    try:
        for f in files:
            ptx = os.path.join(tmp, 'out.ptx')
            nvcc = [a.nvcc, '-ptx', '-lineinfo', '-arch=' + a.arch] + flags + [f, '-o', ptx]
            check = [a.bin, 'check', '--cuda-gpu-arch', a.arch, f] + (['--'] + flags if flags else [])
            first = subprocess.run(nvcc, cwd=corpus, capture_output=True, text=True)
            if first.returncode != 0:
                skipped.append((f, first.stderr.strip().splitlines()[-1:] or ['?']))
                continue
            times = {'nvcc': [], 'check': []}
            status = None
            for r in range(a.runs):
                order = [('nvcc', nvcc), ('check', check)]
                for name, cmd in order if r % 2 == 0 else order[::-1]:
                    cwd = os.getcwd()
                    os.chdir(corpus)
                    try:
                        res = timed_run(cmd, 600, time_bin)
                    finally:
                        os.chdir(cwd)
                    times[name].append(res['cpu_s'])
                    if name == 'check':
                        status = res['returncode']
            n, c = median(times['nvcc']), median(times['check'])
            rows.append((f, n, c, status))
            print('%-36s nvcc %7.3f s  check %7.3f s  ratio %.3f  (exit %s)' %
                  (f, n, c, c / n, status), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not rows:
        sys.exit('nvcc_source.py: no file of %s compiled' % corpus)
    tn = sum(r[1] for r in rows)
    tc = sum(r[2] for r in rows)
    worst = max(rows, key=lambda r: r[2] / r[1])
    lines = ['# threadconv check on CUDA sources against nvcc -ptx alone', '',
             'Corpus: `%s`%s, %d files (%d left out: nvcc could not compile them), '
             'device %s, flags `%s`, %d runs each, medians of CPU time (user + system, '
             'children included).' % (os.path.basename(corpus.rstrip('/')),
                                      ' at ' + a.commit if a.commit else '', len(rows),
                                      len(skipped), a.arch, ' '.join(['-ptx', '-lineinfo'] + flags),
                                      a.runs), '',
             '| file | nvcc -ptx (s) | check (s) | ratio | check exit |', '|---|---|---|---|---|']
    for f, n, c, st in rows:
        lines.append('| %s | %.3f | %.3f | %.3f | %s |' % (f, n, c, c / n, st))
    lines += ['', 'Sum of medians: nvcc %.2f s, check %.2f s: ratio **%.3f** (goal: at most %.2f: %s). '
              'Largest ratio of one file: %.3f (%s).' % (
                  tn, tc, tc / tn, GOAL_RATIO, 'met' if tc / tn <= GOAL_RATIO else 'NOT met',
                  worst[2] / worst[1], worst[0])]
    for f, why in skipped:
        lines.append('- left out: %s (%s)' % (f, why[0]))
    text = '\n'.join(lines) + '\n'
    print(text)
    if a.out:
        with open(a.out, 'w') as fh:
            fh.write(text)
    return 0 if tc / tn <= GOAL_RATIO else 1


if __name__ == '__main__':
    sys.exit(main())
