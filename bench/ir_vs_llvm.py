#!/usr/bin/env python3
"""threadconv against LLVM's uniformity analysis on generated IR kernels (README.md).

usage: ir_vs_llvm.py [--sizes LIST] [--runs N] [--timeout S] [--seed S]
                     [--out DIR] [--work DIR] [--bin PATH] [--gen PATH]
                     [--opt PATH] [--report-only]

For each size (basic blocks), gen_ir writes one NVPTX kernel (into --work,
reused when present), and the script runs RUNS times each, under
/usr/bin/time -v:

  threadconv check --stats --format json -o /dev/null FILE
  opt -disable-output -passes='require<uniformity>' -time-passes FILE
  opt -disable-output -passes=no-op-module -time-passes FILE   (baseline)

and keeps the medians of every phase. threadconv's --stats splits the
reading of IR into llvm-parse, verify, normalise, uniformity and graphs and
prints the solver's phases per graph; opt's -time-passes gives the IR
parsing time and the time of each analysis (UniformityInfoAnalysis,
CycleAnalysis, DominatorTreeAnalysis, ...). opt's verification of its input
is not a pass and is not timed: the baseline run (an empty pipeline: parse,
verify, nothing else) measures it with the rest of opt's fixed costs, and
the difference of the two wall times is a second measure of the analysis.

A command past --timeout is killed, recorded as a timeout, and not run on
the larger sizes. Writes into --out: ir.json (every run), ir.md (tables and
the verdict on the two goals) and the log-log plots ir-time.svg and
ir-per-block.svg.
"""
import argparse, json, math, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402  (the .cfg benchmark's helpers)
from run import parse_size, size_label, median, fmt_s, fmt_ms, svg_loglog  # noqa: E402

ROOT = cfgbench.ROOT
DEFAULT_SIZES = [10**4, 3 * 10**4, 10**5, 3 * 10**5, 10**6]
TOOLS = ['threadconv', 'opt', 'opt-base']
# threadconv's reading phases: LLVM's parser, its verifier and the pass
# pipeline are "parse"; the uniformity analysis and the graph building are
# analysis, with the solver (the graph's total)
TC_PARSE = ('llvm-parse', 'verify', 'normalise')
TC_ANALYSIS = ('uniformity', 'graphs')
# opt analyses that are not part of answering uniformity
OPT_NOT_ANALYSIS = ('VerifierAnalysis', 'Total')
GOAL_SIZE = 10**5
GOAL_SPEEDUP = 10.0

# a -time-passes row: up to four "seconds (percent%)" columns, then the name
ROW_RE = re.compile(r'^\s*((?:[0-9.]+ \(\s*[0-9.]+%\)\s+)+)(\S.*?)\s*$')
COL_RE = re.compile(r'([0-9.]+) \(\s*[0-9.]+%\)')
HEAD_COLS = (('User+System', 'cpu'), ('User Time', 'user'), ('System Time', 'sys'),
             ('Wall Time', 'wall'))


def parse_time_passes(stderr):
    """opt -time-passes output -> {section title: {name: {user, sys, cpu, wall}}}
    in seconds. The columns are read from each table's header line, since
    LLVM leaves out the ones that are all zero."""
    sections, title, cols, banner = {}, None, None, 0
    for line in stderr.splitlines():
        stripped = line.strip()
        if line.startswith('==='):
            banner = (banner + 1) % 2  # a title lies between two banner lines
        elif banner == 1 and stripped:
            title, cols = stripped, None
            sections.setdefault(title, {})
        elif '--- Name ---' in line:
            parts = [p.strip() for p in re.findall(r'-+([A-Za-z+ ]+?)-+', line)]
            cols = [short for p in parts for key, short in HEAD_COLS if p == key]
        elif title and cols is not None:
            m = ROW_RE.match(line)
            if m:
                vals = [float(x) for x in COL_RE.findall(m.group(1))]
                if len(vals) == len(cols):
                    sections[title][m.group(2)] = dict(zip(cols, vals))
    return sections


def opt_phases(sections):
    """The phases kept from one opt run: parse, every analysis, the passes."""
    ph = {}
    for title, rows in sections.items():
        for name, cols in rows.items():
            if name == 'Total':
                continue
            if 'Parsing' in title:
                key = 'parse'
            elif 'Analysis' in title:
                key = name
            else:
                key = 'pass ' + (name.split('<')[0] if name.startswith('RequireAnalysisPass')
                                 else name)
            for c, v in cols.items():
                ph['%s.%s' % (key, c)] = v
    return ph


def opt_analysis(ph, col):
    """LLVM's analysis time: every analysis but the verifier, one column."""
    names = {k.rsplit('.', 1)[0] for k in ph}
    xs = [ph.get('%s.%s' % (n, col)) for n in names
          if n not in OPT_NOT_ANALYSIS and n != 'parse' and not n.startswith('pass ')]
    xs = [x for x in xs if x is not None]
    return sum(xs) if xs else None


class Runner:
    def __init__(self, args):
        self.args = args
        self.time_bin = shutil.which('time', path='/usr/bin:/bin')
        help_text = subprocess.run([args.bin, 'help', 'check'], capture_output=True,
                                   text=True).stdout
        if args.command == 'check' and '--stats' in help_text:
            self.tc_args = ['check', '--stats', '--format', 'json', '-o', os.devnull]
        else:  # a threadconv whose check has no --stats yet
            self.tc_args = ['analyze', '--stats', '--format', 'none', '--quiet']

    def tc_cmd(self, path):
        return [self.args.bin] + self.tc_args + [path]

    def opt_cmd(self, tool, path):
        passes = 'require<uniformity>' if tool == 'opt' else 'no-op-module'
        return [self.args.opt, '-disable-output', '-passes=' + passes, '-time-passes', path]

    def run_once(self, tool, path):
        cmd = self.tc_cmd(path) if tool == 'threadconv' else self.opt_cmd(tool, path)
        t = cfgbench.timed_run(cmd, self.args.timeout, self.time_bin)
        r = {'status': t['status'], 'wall_s': t['wall_s'], 'cpu_s': t['cpu_s'],
             'user_s': t['user_s'], 'rss_kb': t['rss_kb']}
        if t['status'] != 'ok':
            return r
        # check exits 1 when it reports a barrier
        bad = t['returncode'] not in ((0, 1) if self.tc_args[0] == 'check' and
                                      tool == 'threadconv' else (0,))
        if bad:
            r['status'] = 'error'
            r['message'] = ' / '.join(t['stderr'].strip().splitlines()[-3:])
            return r
        if tool == 'threadconv':
            phases, nodes, edges, nbytes, gnames, fnames = cfgbench.parse_stats(t['stderr'])
            order = []
            for line in t['stderr'].splitlines():
                if cfgbench.STATS_RE.match(line):
                    order += [n for n, _ in cfgbench.PHASE_RE.findall(line) if n not in order]
            r.update(phases=phases, nodes=nodes, edges=edges, bytes=nbytes,
                     graph_phases=gnames, file_phases=fnames, phase_order=order)
        else:
            r['phases'] = opt_phases(parse_time_passes(t['stderr']))
        return r


def generate(args, size):
    os.makedirs(args.work, exist_ok=True)
    path = os.path.join(args.work, 'ir-%s-s%d.ll' % (size_label(size), args.seed))
    if os.path.exists(path) and os.path.getsize(path) > 0:
        return path
    tmp = path + '.tmp'
    subprocess.run([args.gen, '--blocks', str(size), '--seed', str(args.seed), '-o', tmp],
                   check=True, stderr=subprocess.DEVNULL)
    os.replace(tmp, path)
    return path


def summarize(size, tool, path, runs):
    row = {'size': size, 'tool': tool, 'file': os.path.basename(path),
           'file_bytes': os.path.getsize(path), 'runs': runs}
    good = [r for r in runs if r['status'] == 'ok']
    bad = [r for r in runs if r['status'] != 'ok']
    if bad or not good:
        row['status'] = bad[0]['status'] if bad else 'skipped'
        if bad and 'message' in bad[0]:
            row['message'] = bad[0]['message']
        return row
    row['status'] = 'ok'
    for k in ('wall_s', 'cpu_s', 'user_s', 'rss_kb'):
        row[k] = median([r.get(k) for r in good])
    names = sorted({n for r in good for n in r['phases']})
    ph = row['phases_ms'] = {n: median([r['phases'].get(n) for r in good]) for n in names}
    if tool == 'threadconv':
        row['nodes'], row['edges'] = good[0]['nodes'], good[0]['edges']
        for k in ('graph_phases', 'file_phases', 'phase_order'):
            row[k] = good[0].get(k, [])
        split = all(n in ph for n in TC_PARSE + TC_ANALYSIS)
        row['split'] = split
        solver = ph.get('total')
        if split:
            row['parse_ms'] = sum(ph[n] for n in TC_PARSE)
            row['analysis_ms'] = sum(ph[n] for n in TC_ANALYSIS) + (solver or 0.0)
        else:  # no split: the whole reading is parse, the solver is analysis
            row['parse_ms'] = ph.get('parse', ph.get('file-parse'))
            row['analysis_ms'] = solver
        row['solver_ms'] = solver
        read = ph.get('parse', ph.get('file-parse'))
        if read is not None and solver is not None:
            row['rest_ms'] = row['wall_s'] * 1e3 - read - solver
    else:
        # opt's phases are in seconds; keep medians of the sums, in ms
        def per_run(f):
            return median([f(r['phases']) for r in good])
        row['phases_ms'] = {n: v * 1e3 for n, v in ph.items()}
        row['parse_ms'] = (ph.get('parse.wall') or 0) * 1e3 or None
        a = per_run(lambda p: opt_analysis(p, 'wall'))
        row['analysis_ms'] = a * 1e3 if a is not None else None
        u = per_run(lambda p: opt_analysis(p, 'user'))
        row['analysis_user_ms'] = u * 1e3 if u is not None else None
    return row


def find(rows, size, tool):
    for r in rows:
        if r['size'] == size and r['tool'] == tool:
            return r
    return None


def ok(r):
    return r is not None and r['status'] == 'ok'


# ---------------------------------------------------------------- verdicts

def slope(points):
    """Least-squares slope of log t against log n: the growth exponent."""
    pts = [(math.log(n), math.log(t)) for n, t in points if n > 0 and t and t > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx if sxx else None


def status_text(rows, size, tool, timeout):
    r = find(rows, size, tool)
    if r is None:
        return 'not run'
    if r['status'] == 'timeout':
        return 'timed out (> %g s)' % timeout
    if r['status'] == 'skipped':
        return 'not run (timed out at a smaller size)'
    return r['status']


def verdicts(data):
    """[(goal, verdict, detail)] for the two goals, and LLVM's growth."""
    rows, timeout, out = data['results'], data['timeout'], []
    goal = data.get('goal_size', GOAL_SIZE)
    sizes = sorted({r['size'] for r in rows})
    tc, llvm = find(rows, goal, 'threadconv'), find(rows, goal, 'opt')
    name = 'analysis at least %gx faster than LLVM uniformity at %s blocks' % (
        GOAL_SPEEDUP, size_label(goal))
    if ok(tc) and ok(llvm) and tc.get('analysis_ms') and llvm.get('analysis_ms'):
        x = llvm['analysis_ms'] / tc['analysis_ms']
        out.append((name, 'PASS' if x >= GOAL_SPEEDUP else 'FAIL',
                    '%.2fx: threadconv %s (uniformity + graphs + solver), LLVM %s '
                    '(UniformityInfo + Cycle + DominatorTree analyses, wall)'
                    % (x, fmt_s(tc['analysis_ms'] / 1e3), fmt_s(llvm['analysis_ms'] / 1e3))))
    elif tc is not None or llvm is not None:
        verdict = 'FAIL' if tc is not None and not ok(tc) else 'UNKNOWN'
        out.append((name, verdict, 'threadconv: %s; opt: %s' % (
            fmt_s(tc['analysis_ms'] / 1e3) if ok(tc) else status_text(rows, goal,
                                                                       'threadconv', timeout),
            fmt_s(llvm['analysis_ms'] / 1e3) if ok(llvm) else status_text(rows, goal,
                                                                          'opt', timeout))))
    # flatness from 10^4 blocks up (below, process start-up and fixed costs
    # dominate), or over every size when all are smaller
    span = [s for s in sizes if 10**4 <= s] or sizes
    if span:
        lo, hi = span[0], span[-1]
        name = 'threadconv analysis time per block within 2x from %s to %s blocks' % (
            size_label(lo), size_label(hi))
        trs = [find(rows, s, 'threadconv') for s in span]
        good = [r for r in trs if ok(r) and r.get('analysis_ms')]
        per = ['%s %.0f' % (size_label(r['size']), r['analysis_ms'] * 1e6 / r['size'])
               for r in good]
        k = slope([(r['size'], r['analysis_ms']) for r in good])
        exp = '; growth ~n^%.2f' % k if k is not None else ''
        failed = [r for r in trs if not ok(r)]
        if failed:
            out.append((name, 'FAIL', '%s at %s; ns/block: %s%s' % (
                status_text(rows, failed[0]['size'], 'threadconv', timeout),
                size_label(failed[0]['size']), ', '.join(per) or 'none', exp)))
        elif good:
            vals = [r['analysis_ms'] / r['size'] for r in good]
            ratio = max(vals) / min(vals)
            out.append((name, 'PASS' if ratio <= 2 else 'FAIL',
                        'ns/block: %s; max/min %.2f%s' % (', '.join(per), ratio, exp)))
        lrs = [find(rows, s, 'opt') for s in span]
        lgood = [r for r in lrs if ok(r) and r.get('analysis_ms')]
        if lgood:
            per = ['%s %.0f' % (size_label(r['size']), r['analysis_ms'] * 1e6 / r['size'])
                   for r in lgood]
            k = slope([(r['size'], r['analysis_ms']) for r in lgood])
            vals = [r['analysis_ms'] / r['size'] for r in lgood]
            lfail = [r for r in lrs if not ok(r)]
            more = ('; %s at %s' % (status_text(rows, lfail[0]['size'], 'opt', timeout),
                                    size_label(lfail[0]['size']))) if lfail else ''
            out.append(('LLVM uniformity analysis growth (for comparison)', 'INFO',
                        'ns/block: %s; max/min %.2f; growth ~n^%s%s' % (
                            ', '.join(per), max(vals) / min(vals),
                            '%.2f' % k if k is not None else '?', more)))
    return out


# ---------------------------------------------------------------- report

def cell_ms(r, key):
    if r is None:
        return '—'
    if r['status'] != 'ok':
        return r['status']
    return fmt_ms(r.get(key))


def cell_s(r, key='wall_s'):
    if r is None:
        return '—'
    if r['status'] != 'ok':
        return r['status']
    return fmt_s(r.get(key))


def markdown(data):
    rows = data['results']
    L = cfgbench.report_head(data, "threadconv against LLVM's uniformity analysis on generated IR")
    sizes = sorted({r['size'] for r in rows})
    L.append('- %s; runs per point: %d (medians); timeout %g s per command'
             % (data.get('opt_version', 'opt ?'), data['runs'], data['timeout']))
    L.append('- inputs: `gen_ir --blocks N --seed %d` (one NVPTX kernel of N blocks)'
             % data['seed'])
    L.append('- threadconv: `threadconv %s FILE`' % ' '.join(data['tc_args']))
    L.append('- LLVM: `opt -disable-output -passes=\'require<uniformity>\' -time-passes FILE`;'
             ' baseline: the same with `-passes=no-op-module`')
    L.append('')
    v = data.get('verdicts') or []
    if v:
        L.append('## Goals\n')
        L.append('| goal | verdict | measured |')
        L.append('|---|---|---|')
        for name, verdict, detail in v:
            L.append('| %s | **%s** | %s |' % (name, verdict, detail))
        L.append('')
    L.append('## Phase by phase\n')
    L.append('Medians, wall-clock milliseconds unless marked. **parse**: threadconv\'s '
             'llvm-parse + verify + normalise; opt\'s "Parse IR". **analysis**: threadconv\'s '
             'uniformity + graphs + the solver\'s total; LLVM\'s UniformityInfoAnalysis + '
             'CycleAnalysis + DominatorTreeAnalysis (+ any other analysis it requests but the '
             'verifier). **wall**, **user**: the whole command (GNU time). **speed-up**: LLVM '
             'analysis / threadconv analysis.\n')
    L.append('| blocks | MB | tc parse | tc analysis | tc wall | tc user | tc MiB | '
             'opt parse | LLVM analysis | LLVM analysis (user) | opt wall | opt user | '
             'opt MiB | speed-up |')
    L.append('|---:|' + '---:|' * 13)
    for s in sizes:
        t, o = find(rows, s, 'threadconv'), find(rows, s, 'opt')
        anyr = t or o
        mb = '%.1f' % (anyr['file_bytes'] / 1e6) if anyr else '—'
        x = '—'
        if ok(t) and ok(o) and t.get('analysis_ms') and o.get('analysis_ms'):
            x = '%.2fx' % (o['analysis_ms'] / t['analysis_ms'])
        L.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            size_label(s), mb, cell_ms(t, 'parse_ms'), cell_ms(t, 'analysis_ms'),
            cell_s(t), cell_s(t, 'user_s'),
            fmt_ms(t['rss_kb'] / 1024) if ok(t) and t.get('rss_kb') else '—',
            cell_ms(o, 'parse_ms'), cell_ms(o, 'analysis_ms'), cell_ms(o, 'analysis_user_ms'),
            cell_s(o), cell_s(o, 'user_s'),
            fmt_ms(o['rss_kb'] / 1024) if ok(o) and o.get('rss_kb') else '—', x))
    L.append('')

    # threadconv detail
    trows = [r for r in rows if r['tool'] == 'threadconv' and ok(r)]
    if trows:
        fnames, gnames = [], []
        for r in trows:
            for n in r['file_phases']:
                if n not in fnames and n != 'parse':
                    fnames.append(n)
            for n in r['graph_phases']:
                if n not in gnames and n != 'total':
                    gnames.append(n)
        order = trows[-1].get('phase_order') or []
        rank = {n: i for i, n in enumerate(order)}
        fnames.sort(key=lambda n: rank.get(n, len(rank)))
        gnames.sort(key=lambda n: rank.get(n, len(rank)))
        L.append('### threadconv\n')
        L.append('Every phase `--stats` prints (ms). *read*: the whole reading of the input '
                 '(`parse` in `--stats`); *solver*: the graph\'s total; *rest*: wall − read − '
                 'solver (process start-up, reading the file, %s, exit).\n'
                 % ('the barriers\' causes and the JSON report' if data['tc_args'][0] == 'check'
                    else 'the report'))
        head = ['blocks', 'nodes', 'edges'] + fnames + ['read'] + gnames + \
            ['solver', 'rest', 'wall']
        L.append('| ' + ' | '.join(head) + ' |')
        L.append('|' + '---:|' * len(head))
        for s in sizes:
            r = find(rows, s, 'threadconv')
            if r is None:
                continue
            if not ok(r):
                L.append('| %s | %s |' % (size_label(s), r['status']) + ' |' * (len(head) - 2))
                continue
            ph = r['phases_ms']
            cells = [size_label(s), str(r['nodes']), str(r['edges'])]
            cells += [fmt_ms(ph.get(n)) for n in fnames]
            cells.append(fmt_ms(ph.get('parse', ph.get('file-parse'))))
            cells += [fmt_ms(ph.get(n)) for n in gnames]
            cells += [fmt_ms(r.get('solver_ms')), fmt_ms(r.get('rest_ms')),
                      fmt_ms(r['wall_s'] * 1e3)]
            L.append('| ' + ' | '.join(cells) + ' |')
        L.append('')

    # opt detail
    orows = [r for r in rows if r['tool'] in ('opt', 'opt-base') and ok(r)]
    if orows:
        names = []
        for r in orows:
            for k in r['phases_ms']:
                n = k.rsplit('.', 1)[0]
                if n not in names and not n.startswith('pass ') and \
                        n not in ('InnerAnalysisManagerProxy<FunctionAnalysisManager, Module>',):
                    names.append(n)
        order = ['parse', 'VerifierAnalysis', 'DominatorTreeAnalysis', 'CycleAnalysis',
                 'UniformityInfoAnalysis']
        names = [n for n in order if n in names] + sorted(n for n in names if n not in order)
        L.append('### opt\n')
        L.append('`-time-passes` (wall ms; user ms in parentheses). *base wall*: the '
                 'baseline\'s whole command (parse, the untimed verification of the input, '
                 'an empty pipeline); *wall − base*: the analysis measured from outside.\n')
        short = {'parse': 'Parse IR', 'VerifierAnalysis': 'verifier'}
        head = ['blocks'] + [short.get(n, n.replace('Analysis', '')) for n in names] + \
            ['opt wall', 'base wall', 'wall − base']
        L.append('| ' + ' | '.join(head) + ' |')
        L.append('|' + '---:|' * len(head))
        for s in sizes:
            r, b = find(rows, s, 'opt'), find(rows, s, 'opt-base')
            if r is None and b is None:
                continue
            src = r if ok(r) else b if ok(b) else None
            cells = [size_label(s)]
            for n in names:
                if src is None or (n not in ('parse',) and not ok(r)):
                    cells.append(r['status'] if r is not None and not ok(r) else '—')
                    continue
                w, u = src['phases_ms'].get(n + '.wall'), src['phases_ms'].get(n + '.user')
                cells.append('—' if w is None else '%s (%s)' % (fmt_ms(w), fmt_ms(u))
                             if u is not None else fmt_ms(w))
            cells += [cell_s(r), cell_s(b)]
            cells.append(fmt_s(r['wall_s'] - b['wall_s']) if ok(r) and ok(b) else '—')
            L.append('| ' + ' | '.join(cells) + ' |')
        L.append('')
    L.append('![time against blocks](ir-time.svg)\n')
    L.append('![time per block](ir-per-block.svg)\n')
    return '\n'.join(L) + '\n'


def plots(data, out_dir, prefix):
    rows, timeout = data['results'], data['timeout']
    lines = [
        ('threadconv analysis', '#1f77b4', 'threadconv', lambda r: r.get('analysis_ms')),
        ('threadconv total (wall)', '#aec7e8', 'threadconv', lambda r: r['wall_s'] * 1e3),
        ('LLVM uniformity analysis', '#d62728', 'opt', lambda r: r.get('analysis_ms')),
        ('opt total (wall)', '#ff9896', 'opt', lambda r: r['wall_s'] * 1e3),
    ]
    for kind, unit, ylabel, scale in (('time', 's', 'time', 1e-3),
                                      ('per-block', 'ns', 'time per block', 1e6)):
        series = []
        for name, color, tool, get in lines:
            tr = [r for r in rows if r['tool'] == tool]
            pts = []
            for r in tr:
                if ok(r) and get(r):
                    y = get(r) * scale / (r['size'] if kind == 'per-block' else 1)
                    pts.append((r['size'], y))
            to = [r['size'] for r in tr if r['status'] == 'timeout'] if kind == 'time' else []
            series.append((name, color, pts, to))
        svg = svg_loglog('generated NVPTX kernels: %s against basic blocks' % ylabel,
                         'basic blocks', ylabel + ' (median)', unit, series,
                         timeout if kind == 'time' else None,
                         'timeout %g s' % timeout)
        with open(os.path.join(out_dir, '%s-%s.svg' % (prefix, kind)), 'w') as f:
            f.write(svg)


def write_outputs(data, out_dir, prefix):
    data['verdicts'] = verdicts(data)
    with open(os.path.join(out_dir, prefix + '.json'), 'w') as f:
        json.dump(data, f, indent=1)
        f.write('\n')
    with open(os.path.join(out_dir, prefix + '.md'), 'w') as f:
        f.write(markdown(data))
    plots(data, out_dir, prefix)
    for name, verdict, detail in data['verdicts']:
        print('%-7s %s: %s' % (verdict, name, detail))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', default=','.join(size_label(n) for n in DEFAULT_SIZES),
                    help='comma-separated block counts (1e5, 100000, 100k)')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--timeout', type=float, default=300.0, help='seconds per command')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    ap.add_argument('--prefix', default='ir', help='output names: PREFIX.md, PREFIX.json, ...')
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--gen', default=os.path.join(ROOT, 'build', 'bench', 'gen_ir'))
    ap.add_argument('--opt', default=shutil.which('opt-19') or '/usr/lib/llvm-19/bin/opt')
    ap.add_argument('--tools', default=','.join(TOOLS),
                    help='which of threadconv, opt, opt-base to run (default all)')
    ap.add_argument('--command', choices=('check', 'analyze'), default='check',
                    help='threadconv check (default; analyze when check has no --stats) '
                    'or analyze --format none')
    ap.add_argument('--goal-size', type=parse_size, default=GOAL_SIZE,
                    help='the size the speed-up goal is judged at (default 1e5)')
    ap.add_argument('--commit', help='the commit --bin was built from, when not this '
                    'working tree (a clean checkout elsewhere)')
    ap.add_argument('--report-only', action='store_true',
                    help='run nothing: rewrite the report and plots from PREFIX.json')
    args = ap.parse_args()
    json_path = os.path.join(args.out, args.prefix + '.json')
    if args.report_only:
        with open(json_path) as f:
            data = json.load(f)
        write_outputs(data, args.out, args.prefix)
        return 0
    for path in (args.bin, args.gen, args.opt):
        if not os.access(path, os.X_OK):
            ap.error('%s is not an executable (build first, or pass --bin/--gen/--opt)' % path)
    if args.runs < 1:
        ap.error('--runs must be at least 1')
    sizes = sorted(parse_size(x) for x in args.sizes.split(',') if x)
    tools = [t for t in args.tools.split(',') if t]
    for t in tools:
        if t not in TOOLS:
            ap.error('unknown tool %s (expected %s)' % (t, ', '.join(TOOLS)))
    os.makedirs(args.out, exist_ok=True)
    runner = Runner(args)
    if not runner.time_bin:
        print('ir_vs_llvm.py: /usr/bin/time not found: no peak memory or CPU time',
              file=sys.stderr)
    data = cfgbench.report_data(args.commit, runs=args.runs, timeout=args.timeout,
                                seed=args.seed, goal_size=args.goal_size,
                                tc_args=runner.tc_args,
                                opt_version='opt %s' % cfgbench.llvm_version(args.opt),
                                results=[])
    given_up = set()
    for size in sizes:
        path = generate(args, size)
        for tool in tools:
            runs = cfgbench.repeat_runs(runner.run_once, tool, path, args.runs, given_up)
            row = summarize(size, tool, path, runs)
            if row['status'] in ('timeout', 'error'):
                given_up.add(tool)
            data['results'].append(row)
            msg = row['status']
            if row['status'] == 'ok':
                msg = 'wall %s, parse %s ms, analysis %s ms' % (
                    fmt_s(row['wall_s']), fmt_ms(row.get('parse_ms')),
                    fmt_ms(row.get('analysis_ms')))
            elif 'message' in row:
                msg += ': ' + row['message']
            print('%5s %-10s %s' % (size_label(size), tool, msg), file=sys.stderr, flush=True)
    try:
        data['machine']['loadavg_at_end'] = os.getloadavg()[0]
    except OSError:
        pass
    write_outputs(data, args.out, args.prefix)
    return 0


if __name__ == '__main__':
    sys.exit(main())
