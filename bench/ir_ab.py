#!/usr/bin/env python3
"""Two threadconv binaries side by side on the IR benchmark's kernels, with
LLVM's bare parse of the same bitcode as the yardstick (README.md).

usage: ir_ab.py --old BIN --new BIN [--sizes LIST] [--shapes LIST] [--runs N]
                [--seed S] [--work DIR] [--gen PATH] [--opt PATH]
                [--llvm-as PATH]

For each shape (gen_ir --shape: random, nest, flat, loops, each also as
SHAPE+lean for gen_ir --lean; random alone by default) and size, gen_ir
writes one NVPTX kernel (as ir_vs_llvm.py does, into
--work, reused when present) and llvm-as turns it into bitcode. Then, RUNS
times, in turn (old, new, opt, new, old, opt, ...: the two binaries swap
places every run), so that the machine's drift hits all three alike:

  OLD check --stats -o /dev/null k.bc
  NEW check --stats -o /dev/null k.bc
  opt -passes= -disable-verify -disable-output k.bc

each under /usr/bin/time. Prints, per size, the medians of each reading
phase that --stats names (llvm-parse, verify, normalise, uniformity, graphs)
and of the solver's total, the best and the median CPU time (user + system)
of each command, and the ratios new/old and new/opt. The goal is new/opt
at most 2 (LLVM's bare parse of the same bitcode) on every shape.
"""
import argparse, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402
from run import parse_size, size_label, median  # noqa: E402

PHASES = ('llvm-parse', 'verify', 'normalise', 'uniformity', 'graphs', 'total')


GOAL = 2.0


def bitcode(args, shape, size):
    ll = os.path.join(args.work, 'ir-%s%s-s%d.ll' % (
        '' if shape == 'random' else shape.replace('+', '-') + '-', size_label(size),
        args.seed))
    kind, _, lean = shape.partition('+')
    bc = ll[:-3] + '.bc'
    if not os.path.exists(ll) or os.path.getsize(ll) == 0:
        os.makedirs(args.work, exist_ok=True)
        subprocess.run([args.gen, '--blocks', str(size), '--seed', str(args.seed),
                        '--shape', kind, '-o', ll + '.tmp'] + (['--lean'] if lean else []),
                       check=True, stderr=subprocess.DEVNULL)
        os.replace(ll + '.tmp', ll)
    if not os.path.exists(bc) or os.path.getmtime(bc) < os.path.getmtime(ll):
        subprocess.run([args.llvm_as, ll, '-o', bc + '.tmp'], check=True)
        os.replace(bc + '.tmp', bc)
    return bc


def run(cmd, time_bin, ok_codes):
    t = cfgbench.timed_run(cmd, 600, time_bin)
    if t['status'] != 'ok' or t['returncode'] not in ok_codes:
        sys.exit('%s: failed (%s, exit %s): %s' % (' '.join(cmd), t['status'],
                                                   t['returncode'], t['stderr'][-300:]))
    phases = {}
    if '--stats' in cmd:
        phases = cfgbench.parse_stats(t['stderr'])[0]
    return t['cpu_s'], phases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--old', required=True)
    ap.add_argument('--new', required=True)
    ap.add_argument('--sizes', default='10k,30k,100k,300k')
    ap.add_argument('--shapes', default='random')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--gen', default=os.path.join(HERE, '..', 'build', 'bench', 'gen_ir'))
    ap.add_argument('--opt', default=shutil.which('opt-19') or '/usr/lib/llvm-19/bin/opt')
    ap.add_argument('--llvm-as', dest='llvm_as',
                    default=shutil.which('llvm-as-19') or '/usr/lib/llvm-19/bin/llvm-as')
    args = ap.parse_args()
    time_bin = shutil.which('time', path='/usr/bin:/bin')
    if not time_bin:
        sys.exit('ir_ab.py: needs GNU time (/usr/bin/time)')
    sizes = [parse_size(s) for s in args.sizes.split(',')]
    shapes = args.shapes.split(',')
    print('| shape | blocks | phase | old ms | new ms | new/old |')
    print('|---|---|---|---|---|---|')
    summary = []
    for shape, size in [(sh, sz) for sh in shapes for sz in sizes]:
        bc = bitcode(args, shape, size)
        cpu = {'old': [], 'new': [], 'opt': []}
        ph = {'old': [], 'new': []}
        for k in range(args.runs):
            for who in (('old', 'new') if k % 2 == 0 else ('new', 'old')):
                c, p = run([getattr(args, who), 'check', '--stats', '-o', os.devnull, bc],
                           time_bin, (0, 1))
                cpu[who].append(c)
                ph[who].append(p)
            c, _ = run([args.opt, '-passes=', '-disable-verify', '-disable-output', bc],
                       time_bin, (0,))
            cpu['opt'].append(c)
        for name in PHASES:
            o = median([p.get(name) for p in ph['old'] if p.get(name) is not None])
            n = median([p.get(name) for p in ph['new'] if p.get(name) is not None])
            if o is None or n is None:
                continue
            print('| %s | %s | %s | %.1f | %.1f | %.2f |' % (
                shape, size_label(size), name, o, n, n / o if o else float('nan')))
        summary.append((shape, size, {k: (min(v), median(v)) for k, v in cpu.items()}))
    print()
    print('| shape | blocks | old CPU s (best, median) | new CPU s | opt parse CPU s | '
          'new/opt (best) | old/opt (best) | goal new/opt <= %.1f |' % GOAL)
    print('|---|---|---|---|---|---|---|---|')
    for shape, size, c in summary:
        # an input too small for the clock's resolution: no ratio
        opt = c['opt'][0]
        r = c['new'][0] / opt if opt > 0 else float('nan')
        print('| %s | %s | %.2f, %.2f | %.2f, %.2f | %.2f, %.2f | %.2f | %.2f | %s |' % (
            shape, size_label(size), c['old'][0], c['old'][1], c['new'][0], c['new'][1],
            c['opt'][0], c['opt'][1], r, c['old'][0] / opt if opt > 0 else float('nan'),
            'too small to time' if opt <= 0 else 'PASS' if r <= GOAL else 'FAIL'))


if __name__ == '__main__':
    main()
