#!/usr/bin/env python3
"""threadconv on PTX against threadconv on bitcode: one kernel, both inputs (README.md).

usage: ptx_vs_ir.py [--sizes LIST] [--runs N] [--seed S] [--timeout S]
                    [--out FILE] [--work DIR] [--bin PATH] [--gen PATH]
                    [--llvm-as PATH] [--llc PATH] [--commit C] [--prepare-only]

For each size (basic blocks), gen_ir writes one NVPTX kernel and llvm-as
turns it into bitcode, as ir_ab.py does (the same files in --work, reused
when present); llc compiles that bitcode to PTX at -O0, which keeps every
block of the IR (at -O1 and up, llc merges and folds blocks: another CFG).
The .ptx is kept next to the .bc; llc's time is printed and reported, but
is not part of what is measured. Then, RUNS times, the two commands in turn
(bc, ptx, then ptx, bc, ...: the order swaps every run):

  threadconv check --stats -o /dev/null K.bc
  threadconv check --stats -o /dev/null K.ptx

each under /usr/bin/time. Prints, per size, the median CPU time (user +
system) of each, the ratio ptx/bc (goal: at most 0.5), the size of the PTX,
its parse speed (the ptx-parse phase of --stats, MB/s, median; goal: at
least 100; the file line's figure covers the whole reading, SSA and
uniformity too), the medians of every reading phase --stats names for each
input, and the graphs both give, with a warning when the kernel graph's
node counts differ by more than NODE_TOLERANCE (PTX's blocks are split a
little differently from the IR's). The table goes to standard output and,
with --out, to a file (a markdown report with the goals' verdicts).
"""
import argparse, json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402  (the .cfg benchmark's helpers)
from run import parse_size, size_label, median, fmt_ms  # noqa: E402
import ir_ab  # noqa: E402  (its bitcode(): gen_ir + llvm-as, shared files in --work)

ROOT = cfgbench.ROOT
DEFAULT_SIZES = '1e5,3e5'
LLC_ARGS = ['-O0', '-march=nvptx64', '-mcpu=sm_70']
GOAL_RATIO = 0.5        # ptx CPU / bc CPU, at most
GOAL_MBS = 100.0        # PTX parse, MB/s, at least
NODE_TOLERANCE = 0.03   # kernel graph: |ptx nodes - bc nodes| / bc nodes
KERNEL = 'kernel'       # gen_ir's function
INPUTS = ('bc', 'ptx')
SCAN_PHASE = 'ptx-parse'  # the PTX reader's own scan, a sub-phase of parse

GRAPH_LINE_RE = re.compile(r'\bgraph (.*?): ([0-9]+) nodes?, ([0-9]+) edges?')
MBS_RE = re.compile(r'\b([0-9]+(?:\.[0-9]*)?) MB/s\b')


def ptx(args, size, bc):
    """The PTX of bc (llc -O0), compiled unless present and newer than bc.
    Returns (path, llc record: cpu_s and wall_s of the compile, from a
    .llc.json kept beside the .ptx; None when it is not known)."""
    path = bc[:-3] + '.ptx'
    rec_path = path[:-4] + '.llc.json'
    if os.path.exists(path) and os.path.getsize(path) > 0 and \
            os.path.getmtime(path) >= os.path.getmtime(bc):
        try:
            with open(rec_path) as f:
                return path, json.load(f)
        except (OSError, ValueError):
            return path, None
    cmd = [args.llc] + LLC_ARGS + [bc, '-o', path + '.tmp']
    t = cfgbench.timed_run(cmd, args.timeout, args.time_bin)
    if t['status'] != 'ok' or t['returncode'] != 0:
        sys.exit('%s: failed (%s, exit %s): %s' % (' '.join(cmd), t['status'],
                                                   t['returncode'], t['stderr'][-300:]))
    os.replace(path + '.tmp', path)
    rec = {'cmd': ' '.join([os.path.basename(args.llc)] + LLC_ARGS), 'cpu_s': t['cpu_s'],
           'wall_s': t['wall_s'], 'rss_kb': t['rss_kb']}
    with open(rec_path, 'w') as f:
        json.dump(rec, f)
        f.write('\n')
    print('%5s llc %s: %.1f s wall, %s s CPU, %.1f MB of PTX' % (
        size_label(size), ' '.join(LLC_ARGS), t['wall_s'],
        '%.1f' % t['cpu_s'] if t['cpu_s'] is not None else '?',
        os.path.getsize(path) / 1e6), file=sys.stderr, flush=True)
    return path, rec


def check_once(args, path, extra=()):
    """One `check --stats` run (with the options extra): status, cpu_s, file
    phases (in order), the file line's MB/s, the graphs {name: (nodes,
    edges)}."""
    cmd = [args.bin, 'check', '--stats'] + list(extra) + ['-o', os.devnull, path]
    t = cfgbench.timed_run(cmd, args.timeout, args.time_bin)
    if t['status'] != 'ok':
        return {'status': t['status']}
    if t['returncode'] not in (0, 1):  # 1: barriers reported
        return {'status': 'error', 'returncode': t['returncode'],
                'message': '\n'.join(t['stderr'].strip().splitlines()[-5:])}
    phases, _, _, nbytes, _, fnames = cfgbench.parse_stats(t['stderr'])
    order, graphs, mbs = [], {}, None
    for line in t['stderr'].splitlines():
        m = cfgbench.STATS_RE.match(line)
        if not m:
            continue
        g = GRAPH_LINE_RE.search(m.group(1))
        if g:
            graphs[g.group(1)] = (int(g.group(2)), int(g.group(3)))
            continue
        order += [n for n, _ in cfgbench.PHASE_RE.findall(m.group(1)) if n not in order]
        r = MBS_RE.search(m.group(1))
        if r:
            mbs = float(r.group(1))
    if mbs is None and nbytes and phases.get('parse', phases.get('file-parse')):
        mbs = nbytes / 1e3 / phases.get('parse', phases.get('file-parse'))
    # the file line's phases: 'parse' may be renamed file-parse by parse_stats
    fph = {n: phases.get(n, phases.get('file-' + n)) for n in fnames}
    return {'status': 'ok', 'cpu_s': t['cpu_s'], 'wall_s': t['wall_s'],
            'rss_kb': t['rss_kb'], 'phases': fph, 'order': order, 'mbs': mbs,
            'bytes': nbytes, 'graphs': graphs, 'solver_ms': phases.get('total')}


def kernel_graph(graphs):
    """(name, nodes, edges) of the kernel's graph: the one named KERNEL, else
    the only one; None when neither."""
    if KERNEL in graphs:
        return (KERNEL,) + graphs[KERNEL]
    if len(graphs) == 1:
        name = next(iter(graphs))
        return (name,) + graphs[name]
    return None


def summarize(size, files, llc, runs):
    row = {'size': size, 'llc': llc,
           'file_bytes': {w: os.path.getsize(p) for w, p in files.items()}, 'warnings': []}
    for who in INPUTS:
        good = [r for r in runs[who] if r['status'] == 'ok']
        bad = [r for r in runs[who] if r['status'] != 'ok']
        s = row[who] = {'status': bad[0]['status'] if bad else 'ok' if good else 'skipped'}
        if bad:
            s['message'] = bad[0].get('message', '')
        if not good:
            continue
        s['cpu_s'] = median([r['cpu_s'] for r in good])
        s['cpu_best_s'] = min((r['cpu_s'] for r in good if r['cpu_s'] is not None),
                              default=None)
        s['wall_s'] = median([r['wall_s'] for r in good])
        s['rss_kb'] = median([r['rss_kb'] for r in good])
        s['mbs'] = median([r['mbs'] for r in good])
        # the scan alone: the file line's parse covers the whole reading
        scan = median([r['phases'].get(SCAN_PHASE) for r in good])
        s['scan_mbs'] = s['bytes'] = None
        if good[0].get('bytes') and scan:
            s['bytes'] = good[0]['bytes']
            s['scan_mbs'] = s['bytes'] / 1e3 / scan
        s['solver_ms'] = median([r['solver_ms'] for r in good])
        s['order'] = good[-1]['order']
        s['phases'] = {n: median([r['phases'].get(n) for r in good]) for n in s['order']}
        s['graphs'] = good[-1]['graphs']
        if any(r['graphs'] != s['graphs'] for r in good):
            row['warnings'].append('%s: the graphs differ between runs' % who)
    b, p = row['bc'], row['ptx']
    if b['status'] == 'ok' and p['status'] == 'ok':
        if b['cpu_s'] and p['cpu_s'] is not None:
            row['ratio'] = p['cpu_s'] / b['cpu_s']
        gb, gp = b['graphs'], p['graphs']
        if len(gb) != len(gp):
            row['warnings'].append('graphs: %d from the bitcode, %d from the PTX'
                                   % (len(gb), len(gp)))
        kb, kp = kernel_graph(gb), kernel_graph(gp)
        if kb is None or kp is None:
            row['warnings'].append('no kernel graph in the %s' % (
                'bitcode' if kb is None else 'PTX'))
        else:
            row['kernel'] = {'bc': kb, 'ptx': kp}
            d = (kp[1] - kb[1]) / kb[1] if kb[1] else float('inf')
            row['node_diff'] = d
            if abs(d) > NODE_TOLERANCE:
                row['warnings'].append(
                    'kernel graph: %d nodes from the bitcode, %d from the PTX (%+.1f%%, more '
                    'than %g%%)' % (kb[1], kp[1], d * 100, NODE_TOLERANCE * 100))
    return row


def verdicts(rows):
    """[(goal, verdict, detail)] over every size."""
    out = []
    for name, key, good, fmt in (
            ('CPU time ptx/bc at most %.1f' % GOAL_RATIO, lambda r: r.get('ratio'),
             lambda x: x <= GOAL_RATIO, '%.2f'),
            ('PTX parse (the %s phase) at least %g MB/s' % (SCAN_PHASE, GOAL_MBS),
             lambda r: r['ptx'].get('scan_mbs') if r['ptx']['status'] == 'ok' else None,
             lambda x: x >= GOAL_MBS, '%.0f MB/s'),
            ('kernel graph nodes agree within %g%%' % (NODE_TOLERANCE * 100),
             lambda r: r.get('node_diff'), lambda x: abs(x) <= NODE_TOLERANCE, '%+.1f%%')):
        vals = [(r['size'], key(r)) for r in rows]
        if any(v is None for _, v in vals):
            verdict = 'NOT RUN' if all(v is None for _, v in vals) else 'FAIL'
        else:
            verdict = 'PASS' if all(good(v) for _, v in vals) else 'FAIL'
        scale = 100 if '%%' in fmt else 1
        detail = '; '.join('%s: %s' % (size_label(s), fmt % (v * scale) if v is not None
                                       else 'not measured') for s, v in vals)
        out.append((name, verdict, detail))
    return out


def cell_s(s, key='cpu_s'):
    if s['status'] != 'ok':
        return s['status']
    return '%.2f' % s[key] if s.get(key) is not None else '—'


def graphs_cell(s):
    if s['status'] != 'ok':
        return s['status']
    return ', '.join('%s %d/%d' % (n, v[0], v[1]) for n, v in sorted(s['graphs'].items())) \
        or 'none'


def markdown(data):
    rows = data['results']
    L = cfgbench.report_head(data, 'threadconv: PTX input against bitcode input')
    L.append('- inputs: `gen_ir --blocks N --seed %d`, `llvm-as-19` to `.bc`, `%s %s` of the '
             'same bitcode to `.ptx` (%s)' % (data['seed'], os.path.basename(data['llc']),
                                            ' '.join(LLC_ARGS), data['llc_version']))
    L.append('- commands: `threadconv check --stats -o /dev/null K.bc` and the same on '
             '`K.ptx`, in turn (the order swaps every run), under `/usr/bin/time`; runs '
             'each: %d (medians); CPU = user + system' % data['runs'])
    L.append('')
    L.append('## Goals\n')
    L.append('| goal | verdict | measured |')
    L.append('|---|---|---|')
    for name, verdict, detail in data['verdicts']:
        L.append('| %s | **%s** | %s |' % (name, verdict, detail))
    L.append('')
    L.append('## Per size\n')
    L.append('*llc s*: the compile to PTX (wall; not measured against anything). *graphs*: '
             'name nodes/edges of every graph `--stats` prints. *read MB/s*: the PTX '
             '`--stats` file line\'s own figure (input bytes / its `parse` phase, the whole '
             'reading: parsing, SSA form, uniformity, graphs); *%s MB/s*: bytes / the '
             '`%s` phase alone, the parsing, the goal\'s measure.\n' % (SCAN_PHASE, SCAN_PHASE))
    L.append('| blocks | .bc MB | .ptx MB | llc s | bc CPU s | ptx CPU s | ptx/bc | '
             'PTX read MB/s | %s MB/s | graphs (bc) | graphs (ptx) | kernel nodes ptx−bc |'
             % SCAN_PHASE)
    L.append('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|')
    for r in rows:
        llc = r['llc']
        L.append('| %s | %.1f | %.1f | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            size_label(r['size']), r['file_bytes']['bc'] / 1e6, r['file_bytes']['ptx'] / 1e6,
            '%.1f' % llc['wall_s'] if llc and llc.get('wall_s') is not None else '?',
            cell_s(r['bc']), cell_s(r['ptx']),
            '%.2f' % r['ratio'] if r.get('ratio') is not None else '—',
            '%.0f' % r['ptx']['mbs'] if r['ptx'].get('mbs') is not None else '—',
            '%.0f' % r['ptx']['scan_mbs'] if r['ptx'].get('scan_mbs') else '—',
            graphs_cell(r['bc']), graphs_cell(r['ptx']),
            '%+d (%+.1f%%)' % (r['kernel']['ptx'][1] - r['kernel']['bc'][1],
                               r['node_diff'] * 100) if 'kernel' in r else '—'))
    L.append('')
    L += phases_table(rows, INPUTS)
    L.append('')
    notes = [(r['size'], w) for r in rows for w in r['warnings']]
    notes += [(r['size'], '%s: %s%s' % (who, r[who]['status'], (': ' + r[who]['message'])
                                        if r[who].get('message') else ''))
              for r in rows for who in INPUTS if r[who]['status'] != 'ok']
    if notes:
        L.append('## Warnings\n')
        for s, w in notes:
            L.append('- %s: %s' % (size_label(s), w.replace('\n', ' / ')))
        L.append('')
    return '\n'.join(L) + '\n'


def need_tools(ap, args, tools, flags):
    """Stops with a usage error unless tools (and --bin, unless
    --prepare-only) are executables; finds GNU time (args.time_bin). flags:
    the options that name the tools beyond --bin/--gen/--llvm-as."""
    for path in tools + ([] if args.prepare_only else [args.bin]):
        if not os.access(path, os.X_OK):
            ap.error('%s is not an executable (build first, or pass --bin/--gen/--llvm-as/'
                     '%s)' % (path, flags))
    args.time_bin = shutil.which('time', path='/usr/bin:/bin')
    if not args.time_bin:
        sys.exit('%s: needs GNU time (/usr/bin/time) for the CPU time' % ap.prog)


def alternate(args, files, inputs, once=None):
    """args.runs runs of check_once on each of files[who] for who in inputs
    (or of once(args, who, files[who])), the order reversed every other run;
    an input that failed is not run again. {who: [runs]}."""
    runs = {w: [] for w in inputs}
    for k in range(args.runs):
        for who in (inputs if k % 2 == 0 else inputs[::-1]):
            if runs[who] and runs[who][-1]['status'] != 'ok':
                continue  # failed once: not again
            runs[who].append(once(args, who, files[who]) if once else
                             check_once(args, files[who]))
    return runs


def phases_table(rows, inputs):
    """The "Phases" section of a report: per size and input (of inputs), the
    medians of the reading phases, the solver's total, CPU time and memory."""
    L = ['## Phases\n',
         'Medians of every phase the `--stats` file line names (ms), then the solver\'s '
         '`total` (all graphs), the CPU time (best, median) and the peak resident set '
         'size.\n',
         '| blocks | input | phases (ms) | solver ms | CPU s (best, median) | MiB |',
         '|---:|---|---|---:|---:|---:|']
    for r in rows:
        for who in inputs:
            s = r[who]
            if s['status'] != 'ok':
                L.append('| %s | %s | %s | | | |' % (size_label(r['size']), who, s['status']))
                continue
            ph = ', '.join('%s %s' % (n, fmt_ms(s['phases'].get(n))) for n in s['order'])
            L.append('| %s | %s | %s | %s | %.2f, %.2f | %s |' % (
                size_label(r['size']), who, ph, fmt_ms(s.get('solver_ms')), s['cpu_best_s'],
                s['cpu_s'], fmt_ms(s['rss_kb'] / 1024) if s.get('rss_kb') else '—'))
    return L


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', default=DEFAULT_SIZES,
                    help='comma-separated block counts (1e5, 100000, 100k; default %s)'
                    % DEFAULT_SIZES)
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=600.0, help='seconds per command')
    ap.add_argument('--out', help='also write the markdown report here '
                    '(e.g. bench/results/ptx.md)')
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--gen', default=os.path.join(ROOT, 'build', 'bench', 'gen_ir'))
    ap.add_argument('--llvm-as', dest='llvm_as',
                    default=shutil.which('llvm-as-19') or '/usr/lib/llvm-19/bin/llvm-as')
    ap.add_argument('--llc', default=shutil.which('llc-19') or '/usr/lib/llvm-19/bin/llc')
    ap.add_argument('--commit', help='the commit --bin was built from, when not this '
                    'working tree (a copy of a clean build)')
    ap.add_argument('--prepare-only', action='store_true',
                    help='generate the inputs (bitcode and PTX) and stop')
    args = ap.parse_args()
    if args.runs < 1:
        ap.error('--runs must be at least 1')
    need_tools(ap, args, [args.gen, args.llvm_as, args.llc], '--llc')
    sizes = [parse_size(s) for s in args.sizes.split(',') if s]
    data = cfgbench.report_data(args.commit, runs=args.runs, seed=args.seed, llc=args.llc,
                                llc_version='LLVM %s' % cfgbench.llvm_version(args.llc),
                                results=[])
    prepared = []
    for size in sizes:
        bc = ir_ab.bitcode(args, 'random', size)
        path, llc = ptx(args, size, bc)
        prepared.append((size, {'bc': bc, 'ptx': path}, llc))
        if args.prepare_only:
            print('%5s %s (%.1f MB), %s (%.1f MB)%s' % (
                size_label(size), bc, os.path.getsize(bc) / 1e6, path,
                os.path.getsize(path) / 1e6,
                ', llc %.1f s wall, %.1f s CPU' % (llc['wall_s'], llc['cpu_s'])
                if llc and llc.get('cpu_s') is not None else ''))
    if args.prepare_only:
        return 0
    for size, files, llc in prepared:
        row = summarize(size, files, llc, alternate(args, files, INPUTS))
        data['results'].append(row)
        msg = []
        for who in INPUTS:
            s = row[who]
            msg.append('%s %s' % (who, '%.2f s CPU' % s['cpu_s'] if s['status'] == 'ok'
                                  and s.get('cpu_s') is not None else s['status']))
        print('%5s %s' % (size_label(size), ', '.join(msg)), file=sys.stderr, flush=True)
        for who in INPUTS:
            if row[who]['status'] != 'ok' and row[who].get('message'):
                print('%5s %s failed:\n%s' % (size_label(size), who, row[who]['message']),
                      file=sys.stderr)
        for w in row['warnings']:
            print('%5s warning: %s' % (size_label(size), w), file=sys.stderr)
    try:
        data['machine']['loadavg_at_end'] = os.getloadavg()[0]
    except OSError:
        pass
    data['verdicts'] = verdicts(data['results'])
    text = markdown(data)
    sys.stdout.write(text)
    if args.out:
        if os.path.dirname(args.out):
            os.makedirs(os.path.dirname(args.out), exist_ok=True)
        with open(args.out, 'w') as f:
            f.write(text)
    failed = any(r[w]['status'] != 'ok' for r in data['results'] for w in INPUTS)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
