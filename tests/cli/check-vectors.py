#!/usr/bin/env python3
"""Every solver on every reference vector, through the CLI (tests/vectors).

usage: check-vectors.py --bin PATH [--solver NAME ...] [DIR]

For each solver, runs `threadconv analyze --solver NAME --format json` once over
all DIR/*.cfg (default: tests/vectors, or $TC_VECTORS_DIR) and compares each
graph with NAME.json beside its file: node states by name, edge states by
position, and the node set itself. The command must exit 0 with nothing on
stderr. Exit status 0 when every vector matches for every solver, 1 otherwise.
"""
import argparse, glob, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.environ.get('TC_VECTORS_DIR') or os.path.join(HERE, '..', 'vectors')


def differences(want, got):
    """What differs between the expected and the reported states of one graph."""
    nodes = {n['name']: n['state'] for n in got['nodes']}
    diff = ['node %s: want %s, got %s' % (k, v, nodes.get(k, 'nothing'))
            for k, v in want['nodes'].items() if nodes.get(k) != v]
    diff += ['node %s: not expected' % k for k in nodes if k not in want['nodes']]
    edges = [e['state'] for e in got['edges']]
    if len(edges) != len(want['edges']):
        diff.append('%d edges, want %d' % (len(edges), len(want['edges'])))
    diff += ['edge #%d: want %s, got %s' % (i, v, edges[i])
             for i, v in enumerate(want['edges']) if i < len(edges) and edges[i] != v]
    return diff


def check_solver(binary, solver, files, show):
    """Returns the number of vectors that do not match for one solver."""
    p = subprocess.run([binary, 'analyze', '--solver', solver, '--format', 'json'] + files,
                       capture_output=True, text=True, timeout=600,
                       stdin=subprocess.DEVNULL)
    if p.returncode != 0 or p.stderr:
        print('%s: exit status %d, stderr: %s' % (solver, p.returncode, p.stderr[:400]))
        return len(files)
    graphs = json.loads(p.stdout)['graphs']
    by_input = {}
    for g in graphs:
        by_input.setdefault(g['input'], []).append(g)
    bad = 0
    for f in files:
        with open(f[:-4] + '.json') as fh:
            want = json.load(fh).get(solver)
        got = by_input.get(f, [])
        if want is None:
            diff = ['no expectations for %s' % solver]
        elif len(got) != 1:
            diff = ['%d graphs reported, want 1' % len(got)]
        else:
            diff = differences(want, got[0])
        if diff:
            bad += 1
            if bad <= show:
                print('%s %s: %s' % (solver, os.path.basename(f), '; '.join(diff[:8])))
    print('%-13s %d/%d vectors match' % (solver, len(files) - bad, len(files)))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--solver', action='append')
    ap.add_argument('--show', type=int, default=5, help='mismatches to print per solver')
    ap.add_argument('dir', nargs='?', default=DEFAULT_DIR)
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.dir, '*.cfg')))
    if not files:
        sys.exit('check-vectors: no .cfg files in %s' % a.dir)
    with open(files[0][:-4] + '.json') as fh:
        solvers = a.solver or sorted(json.load(fh))
    bad = sum(check_solver(a.bin, s, files, a.show) for s in solvers)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
