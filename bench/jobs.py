#!/usr/bin/env python3
"""threadconv check over many inputs at once: -j 1 against -j N (README.md, "Many inputs").

usage: jobs.py [--inputs K] [--blocks N] [--runs R] [--jobs LIST] [--kind ll|ptx|cfg]
               [--format text|json|sarif|dot|svg]
               [--work DIR] [--out FILE] [--bin PATH] [--gen PATH] [--opt PATH]

gen_ir writes K kernels of N blocks (seeds 1..K; reused from --work when
present), and each round runs, side by side:

  threadconv check -j J --format FORMAT -o OUT FILE...   for each J of --jobs
  opt -disable-output -passes='require<uniformity>' FILE   for each FILE, one
                                                          after another

and keeps the median wall time of each over the rounds. Every -j J must
write the bytes -j 1 writes (report and standard error); the script fails
when one does not. --kind ptx turns the kernels into PTX with llc-19 first;
--kind cfg uses gen_cfg's structured graphs of N nodes instead (no opt).
Reading and solving run on J threads; the report is rendered by one
(a text report is small, JSON of many kernels is not). Writes a markdown
table to --out (default: standard output).
"""
import argparse, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402
from run import median, fmt_s  # noqa: E402

ROOT = cfgbench.ROOT


def generate(a):
    os.makedirs(a.work, exist_ok=True)
    files = []
    for seed in range(1, a.inputs + 1):
        base = os.path.join(a.work, 'jobs-%s-%d-%d' % (a.kind, a.blocks, seed))
        path = base + '.' + a.kind
        if not os.path.exists(path):
            if a.kind == 'cfg':
                cmd = [a.gen_cfg, '--shape', 'structured', '--nodes', str(a.blocks),
                       '--seed', str(seed), '-o', path + '.tmp']
            else:
                cmd = [a.gen, '--blocks', str(a.blocks), '--seed', str(seed), '-o',
                       base + '.ll.tmp']
            subprocess.run(cmd, check=True)
            if a.kind == 'ptx':
                subprocess.run([a.llc, '-O1', base + '.ll.tmp', '-o', path + '.tmp'], check=True)
                os.unlink(base + '.ll.tmp')
            elif a.kind == 'll':
                os.replace(base + '.ll.tmp', path + '.tmp')
            os.replace(path + '.tmp', path)
        files.append(path)
    return files


def timed(cmd):
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, stdin=subprocess.DEVNULL)
    return time.monotonic() - t0, p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--inputs', type=int, default=200)
    ap.add_argument('--blocks', type=int, default=2000)
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--jobs', default='1,2')
    ap.add_argument('--kind', choices=('ll', 'ptx', 'cfg'), default='ll')
    ap.add_argument('--format', choices=('text', 'json', 'sarif', 'dot', 'svg'), default='text')
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--out')
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--gen', default=os.path.join(ROOT, 'build', 'bench', 'gen_ir'))
    ap.add_argument('--gen-cfg', default=os.path.join(ROOT, 'build', 'bench', 'gen_cfg'))
    ap.add_argument('--opt', default=shutil.which('opt-19') or '/usr/lib/llvm-19/bin/opt')
    ap.add_argument('--llc', default=shutil.which('llc-19') or '/usr/lib/llvm-19/bin/llc')
    a = ap.parse_args()
    jobs = [int(j) for j in a.jobs.split(',')]
    if 1 not in jobs:
        jobs.insert(0, 1)
    files = generate(a)
    tmp = tempfile.mkdtemp()
    times = {j: [] for j in jobs}
    times['opt'] = []
    want = None
    use_opt = a.kind == 'll' and os.path.exists(a.opt)
    for _ in range(a.runs):
        for j in jobs:
            out = os.path.join(tmp, 'j%d.out' % j)
            t, p = timed([a.bin, 'check', '-j', str(j), '--format', a.format, '-o', out] + files)
            if p.returncode not in (0, 1):
                sys.exit('-j %d: exit %d: %s' % (j, p.returncode, p.stderr[:500]))
            with open(out, 'rb') as f:
                got = (p.returncode, f.read(), p.stderr)
            if want is None:
                want = got
            elif got != want:
                sys.exit('-j %d wrote other bytes than -j 1' % j)
            times[j].append(t)
        if use_opt:
            t0 = time.monotonic()
            for f in files:
                subprocess.run([a.opt, '-disable-output', '-passes=require<uniformity>', f],
                               check=True, capture_output=True)
            times['opt'].append(time.monotonic() - t0)
    shutil.rmtree(tmp)
    base = median(times[1])
    data = cfgbench.report_data(inputs=a.inputs, blocks=a.blocks, kind=a.kind)
    lines = cfgbench.report_head(data, 'threadconv check -j: %d %s inputs of %d %s'
                                 % (a.inputs, a.kind, a.blocks,
                                    'nodes' if a.kind == 'cfg' else 'blocks'))
    lines += ['- median of %d rounds; every -j wrote the bytes of -j 1 (%d bytes of %s report, '
              '%d on standard error)' % (a.runs, len(want[1]), a.format, len(want[2])), '',
              '| command | median wall | against -j 1 |', '|---|---|---|']
    for j in jobs:
        lines.append('| `check -j %d` | %s | %.2f× |' % (j, fmt_s(median(times[j])),
                                                        base / median(times[j])))
    if use_opt:
        lines.append("| `opt-19 -passes='require<uniformity>'`, each file | %s | %.2f× |"
                     % (fmt_s(median(times['opt'])), base / median(times['opt'])))
    text = '\n'.join(lines) + '\n'
    if a.out:
        with open(a.out, 'w') as f:
            f.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
