#!/usr/bin/env python3
"""threadconv on SPIR-V against threadconv on bitcode: one kernel, both inputs (README.md).

usage: spirv_vs_ir.py [--sizes LIST] [--runs N] [--seed S] [--timeout S]
                      [--goal-size N] [--out FILE] [--work DIR] [--bin PATH]
                      [--gen PATH] [--llvm-as PATH] [--spirv-as PATH]
                      [--spirv-val PATH] [--commit C] [--prepare-only]

For each size (basic blocks), gen_ir writes one kernel and llvm-as turns it
into bitcode, as ir_ab.py does (the same files in --work, reused when
present); gen_ir --format spvasm writes the same kernel (the same seed: the
same blocks, branches, phis and barriers) as SPIR-V assembly for OpenCL
beside it, spirv-as assembles it (--target-env spv1.2) and spirv-val
validates the module (--target-env opencl2.2), once, when the .spv is made.
spirv-as's time is printed and reported, but is not part of what is
measured. Then, RUNS times, these commands in turn (in this order, then
the reverse: the order swaps every run):

  threadconv check --stats -o /dev/null K.bc
  threadconv check --stats -o /dev/null K.spv
  threadconv check --stats --no-validate -o /dev/null K.spv
  spirv-val --target-env opencl2.2 K.spv      (unless --spirv-val '')

each under /usr/bin/time: the bitcode, the SPIR-V with the reader's own
checks (the default), without them, and SPIRV-Tools' validator alone (what
TC_READ_SPIRV_VALIDATE adds to the default's reading). Prints, per size, the
median CPU time (user + system) of each, the ratio spv/bc of the first two
(goal, at the goal size: at most 1.0), the
sizes of the files, the medians of every reading phase --stats names for
each input, and the kernel graph's nodes and edges from both, with a
warning when they differ (the two are the same CFG, block for block). A
command that fails is reported with the command and the end of its standard
error, and is not run again at that size. The table goes to standard output
and, with --out, to a file (a markdown report with the goals' verdicts).
"""
import argparse, json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402  (the .cfg benchmark's helpers)
from run import parse_size, size_label, median, fmt_ms  # noqa: E402
import ir_ab  # noqa: E402  (its bitcode(): gen_ir + llvm-as, shared files in --work)
import ptx_vs_ir  # noqa: E402  (check_once(), kernel_graph() and the report's cells)

ROOT = cfgbench.ROOT
DEFAULT_SIZES = '3e4,1e5'
GOAL_SIZE = '1e5'
GOAL_RATIO = 1.0        # spv CPU / bc CPU, at most, at the goal size
AS_ARGS = ['--target-env', 'spv1.2']
VAL_ARGS = ['--target-env', 'opencl2.2']
INPUTS = ('bc', 'spv')
NAMES = {'bc': 'bitcode', 'spv': 'SPIR-V'}
# measured beside them, on the .spv: the reader without its checks, and the
# validator alone
MODES = ('spv-trusted', 'spirv-val')
MODE_ARGS = {'spv': [], 'spv-trusted': ['--no-validate']}


def tools_version(tool):
    """SPIRV-Tools' version as a tool states it ('SPIRV-Tools v2023.1'), or '?'."""
    try:
        out = subprocess.run([tool, '--version'], capture_output=True, text=True).stdout
    except OSError:
        return '?'
    first = out.strip().splitlines()[0] if out.strip() else ''
    return first.split(',')[0].replace(' unknown hash', '') or '?'


def spirv(args, size):
    """The SPIR-V module of the kernel of this size and seed: gen_ir's
    assembly (ir-SIZE-sSEED.spvasm, written unless present), assembled to
    ir-SIZE-sSEED.spv unless that is present and newer, and then validated.
    Returns (path, record: cpu_s and wall_s of spirv-as, from a .as.json
    kept beside the .spv; None when it is not known)."""
    base = os.path.join(args.work, 'ir-%s-s%d' % (size_label(size), args.seed))
    asm, path, rec_path = base + '.spvasm', base + '.spv', base + '.as.json'
    if not os.path.exists(asm) or os.path.getsize(asm) == 0:
        os.makedirs(args.work, exist_ok=True)
        subprocess.run([args.gen, '--blocks', str(size), '--seed', str(args.seed), '--format',
                        'spvasm', '-o', asm + '.tmp'], check=True, stderr=subprocess.DEVNULL)
        os.replace(asm + '.tmp', asm)
    if os.path.exists(path) and os.path.getsize(path) > 0 and \
            os.path.getmtime(path) >= os.path.getmtime(asm):
        try:
            with open(rec_path) as f:
                return path, json.load(f)
        except (OSError, ValueError):
            return path, None
    cmd = [args.spirv_as] + AS_ARGS + [asm, '-o', path + '.tmp']
    t = cfgbench.timed_run(cmd, args.timeout, args.time_bin)
    if t['status'] != 'ok' or t['returncode'] != 0:
        sys.exit('%s: failed (%s, exit %s): %s' % (' '.join(cmd), t['status'],
                                                   t['returncode'], t['stderr'][-300:]))
    rec = {'cmd': ' '.join([os.path.basename(args.spirv_as)] + AS_ARGS), 'cpu_s': t['cpu_s'],
           'wall_s': t['wall_s'], 'rss_kb': t['rss_kb'], 'validated': None}
    if args.spirv_val:
        vcmd = [args.spirv_val] + VAL_ARGS + [path + '.tmp']
        v = cfgbench.timed_run(vcmd, args.timeout, args.time_bin)
        if v['status'] != 'ok' or v['returncode'] != 0:
            sys.exit('%s: failed (%s, exit %s): %s' % (' '.join(vcmd), v['status'],
                                                       v['returncode'], v['stderr'][-600:]))
        rec['validated'] = ' '.join([os.path.basename(args.spirv_val)] + VAL_ARGS)
        rec['val_wall_s'] = v['wall_s']
    os.replace(path + '.tmp', path)
    with open(rec_path, 'w') as f:
        json.dump(rec, f)
        f.write('\n')
    print('%5s spirv-as %s: %.1f s wall, %s s CPU, %.1f MB of SPIR-V%s' % (
        size_label(size), ' '.join(AS_ARGS), t['wall_s'],
        '%.1f' % t['cpu_s'] if t['cpu_s'] is not None else '?', os.path.getsize(path) / 1e6,
        '; valid (%s, %.1f s)' % (' '.join(VAL_ARGS), rec['val_wall_s'])
        if rec['validated'] else ''), file=sys.stderr, flush=True)
    return path, rec


def check_cmd(args, path):
    """The measured command, as check_once runs it."""
    return [args.bin, 'check', '--stats', '-o', os.devnull, path]


def run_once(args, who, path):
    """One run of a measured command (module docstring)."""
    if who != 'spirv-val':
        return ptx_vs_ir.check_once(args, path, MODE_ARGS.get(who, []))
    t = cfgbench.timed_run([args.spirv_val] + VAL_ARGS + [path], args.timeout, args.time_bin)
    if t['status'] != 'ok' or t['returncode'] != 0:
        return {'status': t['status'] if t['status'] != 'ok' else 'error'}
    return {'status': 'ok', 'cpu_s': t['cpu_s'], 'wall_s': t['wall_s']}


def summarize(args, size, files, asm, runs):
    row = {'size': size, 'spirv_as': asm,
           'file_bytes': {w: os.path.getsize(files[w]) for w in INPUTS}, 'warnings': []}
    row['modes'] = {}
    for who in MODES:
        good = [r for r in runs.get(who, []) if r['status'] == 'ok']
        if runs.get(who):
            row['modes'][who] = {
                'status': 'ok' if len(good) == len(runs[who]) else runs[who][-1]['status'],
                'cpu_s': median([r['cpu_s'] for r in good]) if good else None,
                'phases': {n: median([r['phases'].get(n) for r in good])
                           for n in good[-1]['order']} if good and 'order' in good[-1]
                else {}}
    for who in INPUTS:
        good = [r for r in runs[who] if r['status'] == 'ok']
        bad = [r for r in runs[who] if r['status'] != 'ok']
        s = row[who] = {'status': bad[0]['status'] if bad else 'ok' if good else 'skipped'}
        if bad:
            s['command'] = ' '.join(check_cmd(args, files[who]))
            s['message'] = bad[0].get('message', '')
            if bad[0].get('returncode') is not None:
                s['returncode'] = bad[0]['returncode']
        if not good:
            continue
        s['cpu_s'] = median([r['cpu_s'] for r in good])
        s['cpu_best_s'] = min((r['cpu_s'] for r in good if r['cpu_s'] is not None),
                              default=None)
        s['wall_s'] = median([r['wall_s'] for r in good])
        s['rss_kb'] = median([r['rss_kb'] for r in good])
        s['mbs'] = median([r['mbs'] for r in good])
        s['solver_ms'] = median([r['solver_ms'] for r in good])
        s['order'] = good[-1]['order']
        s['phases'] = {n: median([r['phases'].get(n) for r in good]) for n in s['order']}
        s['graphs'] = good[-1]['graphs']
        if any(r['graphs'] != s['graphs'] for r in good):
            row['warnings'].append('%s: the graphs differ between runs' % who)
    b, v = row['bc'], row['spv']
    if b['status'] == 'ok' and v['status'] == 'ok':
        if b['cpu_s'] and v['cpu_s'] is not None:
            row['ratio'] = v['cpu_s'] / b['cpu_s']
        gb, gv = b['graphs'], v['graphs']
        if len(gb) != len(gv):
            row['warnings'].append('graphs: %d from the bitcode, %d from the SPIR-V'
                                   % (len(gb), len(gv)))
        kb, kv = ptx_vs_ir.kernel_graph(gb), ptx_vs_ir.kernel_graph(gv)
        if kb is None or kv is None:
            row['warnings'].append('no kernel graph in the %s' % (
                'bitcode' if kb is None else 'SPIR-V'))
        else:
            row['kernel'] = {'bc': kb, 'spv': kv}
            row['same_graph'] = kb[1:] == kv[1:]
            if not row['same_graph']:
                row['warnings'].append(
                    'kernel graph: %d nodes, %d edges from the bitcode; %d nodes, %d edges '
                    'from the SPIR-V' % (kb[1], kb[2], kv[1], kv[2]))
    return row


def verdicts(rows, goal_size):
    """[(goal, verdict, detail)]: the ratio at the goal size (the other sizes
    beside it), the kernel graphs at every size."""
    out = []
    name = 'CPU time spv/bc at most %.1f at %s blocks' % (GOAL_RATIO, size_label(goal_size))
    at = [r for r in rows if r['size'] == goal_size]

    def ratio_text(r):
        if r.get('ratio') is not None:
            return '%.2f' % r['ratio']
        return ', '.join('%s %s' % (w, r[w]['status']) for w in INPUTS
                         if r[w]['status'] != 'ok') or 'not measured'
    others = '; '.join('%s: %s' % (size_label(r['size']), ratio_text(r))
                       for r in rows if r['size'] != goal_size)
    if not at:
        out.append((name, 'NOT RUN', 'not among the sizes' + ('; ' + others if others
                                                               else '')))
    else:
        r = at[0]
        ok = r.get('ratio') is not None and r['ratio'] <= GOAL_RATIO
        out.append((name, 'PASS' if ok else 'FAIL', '%s: %s%s' % (
            size_label(goal_size), ratio_text(r), ' (%s)' % others if others else '')))
    name = 'kernel graph the same from both (nodes and edges)'
    vals = [(r['size'], r.get('same_graph')) for r in rows]
    if all(v is None for _, v in vals):
        verdict = 'NOT RUN'
    else:
        verdict = 'PASS' if all(v for _, v in vals) else 'FAIL'
    detail = '; '.join('%s: %s' % (size_label(s), 'not compared' if v is None
                                   else 'same' if v else 'different') for s, v in vals)
    out.append((name, verdict, detail))
    return out


def kernel_cell(r, who):
    """nodes/edges of the kernel's graph from one input, or its status."""
    s = r[who]
    if s['status'] != 'ok':
        return s['status']
    k = ptx_vs_ir.kernel_graph(s['graphs'])
    return '%d/%d' % (k[1], k[2]) if k else '—'


def markdown(data):
    rows = data['results']
    L = cfgbench.report_head(data, 'threadconv: SPIR-V input against bitcode input')
    L.append('- inputs: `gen_ir --blocks N --seed %d`, `llvm-as-19` to `.bc`; the same with '
             '`--format spvasm`, `spirv-as %s` to `.spv`, validated by `spirv-val %s` (%s)'
             % (data['seed'], ' '.join(AS_ARGS), ' '.join(VAL_ARGS), data['tools_version']))
    L.append('- commands: `threadconv check --stats -o /dev/null K.bc`, the same on '
             '`K.spv`, with `--no-validate` on `K.spv`, and `spirv-val %s K.spv`, in turn '
             '(the order swaps every run), under `/usr/bin/time`; runs each: %d (medians); '
             'CPU = user + system' % (' '.join(VAL_ARGS), data['runs']))
    L.append('')
    L.append('## Goals\n')
    L.append('| goal | verdict | measured |')
    L.append('|---|---|---|')
    for name, verdict, detail in data['verdicts']:
        L.append('| %s | **%s** | %s |' % (name, verdict, detail))
    L.append('')
    L.append('## Per size\n')
    L.append('*spirv-as s*: the assembly of the `.spv` (wall; not measured against anything). '
             '*SPIR-V read MB/s*: the `.spv` `--stats` file line\'s own figure (input bytes / '
             'its `parse` phase, the whole reading). *kernel*: nodes/edges of the kernel\'s '
             'graph. *graphs*: name nodes/edges of every graph `--stats` prints.\n')
    L.append('| blocks | .bc MB | .spv MB | spirv-as s | bc CPU s | spv CPU s | spv/bc | '
             'SPIR-V read MB/s | kernel (bc) | kernel (spv) | graphs (bc) | graphs (spv) |')
    L.append('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|')
    for r in rows:
        a = r['spirv_as']
        L.append('| %s | %.1f | %.1f | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            size_label(r['size']), r['file_bytes']['bc'] / 1e6, r['file_bytes']['spv'] / 1e6,
            '%.1f' % a['wall_s'] if a and a.get('wall_s') is not None else '?',
            ptx_vs_ir.cell_s(r['bc']), ptx_vs_ir.cell_s(r['spv']),
            '%.2f' % r['ratio'] if r.get('ratio') is not None else '—',
            '%.0f' % r['spv']['mbs'] if r['spv'].get('mbs') is not None else '—',
            kernel_cell(r, 'bc'), kernel_cell(r, 'spv'),
            ptx_vs_ir.graphs_cell(r['bc']), ptx_vs_ir.graphs_cell(r['spv'])))
    L.append('')
    L.append('## What the checks cost\n')
    L.append('Median CPU s on the same `.spv`: `check` (the reader\'s own checks, linear: '
             'the `spirv-check` phase), `check --no-validate` (none), SPIRV-Tools\' validator '
             'alone (`spirv-val %s`), what TC_READ_SPIRV_VALIDATE adds to the default\'s '
             'reading; *validated*: the default and the validator, about what a check that '
             'also runs the validator costs.\n' % ' '.join(VAL_ARGS))
    L.append('| blocks | bc | spv | spirv-check ms | spv --no-validate | spirv-val | '
             'validated | spv/bc | validated/bc |')
    L.append('|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    for r in rows:
        m = r.get('modes', {})
        t, v = m.get('spv-trusted', {}), m.get('spirv-val', {})
        b, d = r['bc'].get('cpu_s'), r['spv'].get('cpu_s')
        full = d + v['cpu_s'] if d is not None and v.get('cpu_s') is not None else None

        def cell(x):
            return '%.2f' % x if x is not None else '—'
        L.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            size_label(r['size']), cell(b), cell(d),
            fmt_ms(r['spv'].get('phases', {}).get('spirv-check')), cell(t.get('cpu_s')),
            cell(v.get('cpu_s')), cell(full), cell(d / b if b and d is not None else None),
            cell(full / b if b and full is not None else None)))
    L.append('')
    L += ptx_vs_ir.phases_table(rows, INPUTS)
    L.append('')
    warn = [(r['size'], w) for r in rows for w in r['warnings']]
    fails = [(r['size'], who, r[who]) for r in rows for who in INPUTS
             if r[who]['status'] != 'ok']
    if warn or fails:
        L.append('## Warnings and failures\n')
        for s, w in warn:
            L.append('- %s: %s' % (size_label(s), w))
        for s, who, x in fails:
            L.append('- %s: the %s input: %s%s; the command:\n\n      %s\n' % (
                size_label(s), NAMES[who], x['status'],
                ' (exit %d)' % x['returncode'] if x.get('returncode') is not None else '',
                x.get('command', '')))
            if x.get('message'):
                L.append('  its standard error (the end):\n')
                L.extend('      ' + line for line in x['message'].splitlines())
                L.append('')
        if not fails:
            L.append('')
    return '\n'.join(L) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', default=DEFAULT_SIZES,
                    help='comma-separated block counts (1e5, 100000, 100k; default %s)'
                    % DEFAULT_SIZES)
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=600.0, help='seconds per command')
    ap.add_argument('--goal-size', default=GOAL_SIZE,
                    help='the size the CPU-time goal is judged at (default %s)' % GOAL_SIZE)
    ap.add_argument('--out', help='also write the markdown report here '
                    '(e.g. bench/results/spirv.md)')
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--gen', default=os.path.join(ROOT, 'build', 'bench', 'gen_ir'))
    ap.add_argument('--llvm-as', dest='llvm_as',
                    default=shutil.which('llvm-as-19') or '/usr/lib/llvm-19/bin/llvm-as')
    ap.add_argument('--spirv-as', dest='spirv_as',
                    default=shutil.which('spirv-as') or '/usr/bin/spirv-as')
    ap.add_argument('--spirv-val', dest='spirv_val',
                    default=shutil.which('spirv-val') or '/usr/bin/spirv-val',
                    help='the validator run on each new .spv; an empty string: none')
    ap.add_argument('--commit', help='the commit --bin was built from, when not this '
                    'working tree (a copy of a clean build)')
    ap.add_argument('--prepare-only', action='store_true',
                    help='generate the inputs (bitcode and SPIR-V) and stop')
    args = ap.parse_args()
    if args.runs < 1:
        ap.error('--runs must be at least 1')
    ptx_vs_ir.need_tools(ap, args, [args.gen, args.llvm_as, args.spirv_as] +
                         ([args.spirv_val] if args.spirv_val else []), '--spirv-as/--spirv-val')
    sizes = [parse_size(s) for s in args.sizes.split(',') if s]
    goal_size = parse_size(args.goal_size)
    data = cfgbench.report_data(args.commit, runs=args.runs, seed=args.seed,
                                tools_version=tools_version(args.spirv_as), results=[])
    prepared = []
    for size in sizes:
        bc = ir_ab.bitcode(args, 'random', size)
        path, asm = spirv(args, size)
        prepared.append((size, {'bc': bc, 'spv': path}, asm))
        if args.prepare_only:
            print('%5s %s (%.1f MB), %s (%.1f MB)%s' % (
                size_label(size), bc, os.path.getsize(bc) / 1e6, path,
                os.path.getsize(path) / 1e6,
                ', spirv-as %.2f s wall, %.2f s CPU' % (asm['wall_s'], asm['cpu_s'])
                if asm and asm.get('cpu_s') is not None else ''))
    if args.prepare_only:
        return 0
    for size, files, asm in prepared:
        measured = INPUTS + MODES[:1] + (MODES[1:] if args.spirv_val else ())
        files = dict(files, **{w: files['spv'] for w in MODES})
        row = summarize(args, size, files, asm,
                        ptx_vs_ir.alternate(args, files, measured, run_once))
        data['results'].append(row)
        msg = []
        for who in INPUTS:
            s = row[who]
            msg.append('%s %s' % (who, '%.2f s CPU' % s['cpu_s'] if s['status'] == 'ok'
                                  and s.get('cpu_s') is not None else s['status']))
        if row.get('ratio') is not None:
            msg.append('spv/bc %.2f' % row['ratio'])
        print('%5s %s' % (size_label(size), ', '.join(msg)), file=sys.stderr, flush=True)
        for who in INPUTS:
            s = row[who]
            if s['status'] != 'ok':
                print('%5s %s failed (%s%s): %s\n%s' % (
                    size_label(size), who, s['status'],
                    ', exit %d' % s['returncode'] if s.get('returncode') is not None else '',
                    s['command'], s.get('message', '')), file=sys.stderr)
        for w in row['warnings']:
            print('%5s warning: %s' % (size_label(size), w), file=sys.stderr)
    try:
        data['machine']['loadavg_at_end'] = os.getloadavg()[0]
    except OSError:
        pass
    data['verdicts'] = verdicts(data['results'], goal_size)
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
