#!/usr/bin/env python3
"""Benchmarks every solver of threadconv on generated graphs (see README.md).

usage: run.py [--shapes LIST] [--sizes LIST] [--max-size N] [--solvers LIST]
              [--runs N] [--timeout S] [--seed S] [--out DIR] [--work DIR]
              [--bin PATH] [--gen PATH] [--merge]

For each shape, size and solver: runs `threadconv analyze --solver S --stats`
under `/usr/bin/time -v` RUNS times and keeps the medians of the wall time,
of each phase that --stats prints (every `NAME T ms` pair) and of the peak
resident set size. Inputs come from gen_cfg, written once into --work and
reused. A run that passes --timeout is killed and recorded as a timeout; the
same solver is then skipped on the larger sizes of that shape.

Writes into --out: results.json (everything), results.md (the tables and the
goals) and, per shape, SHAPE-time.svg, SHAPE-memory.svg and
SHAPE-per-element.svg (log-log, one line per solver). Prints the verdict on
each goal for the structured 10^7-node graph when it was run.
"""
import argparse, datetime, json, math, os, platform, re, shutil, signal
import statistics, subprocess, sys, tempfile, time
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SHAPES = ['structured', 'chain', 'loopnest', 'fanin', 'tangle']
SOLVERS = ['basic', 'region-paper', 'region', 'linear', 'path', 'exact']
# default sizes per shape; the adversarial ones stop where the slow solvers
# would spend the whole run timing out
DEFAULT_SIZES = {
    'structured': [10**3, 10**4, 10**5, 10**6, 10**7],
    'chain': [10**3, 10**4, 10**5, 10**6, 10**7],
    'loopnest': [10**3, 10**4, 10**5, 10**6],
    'fanin': [10**3, 10**4, 10**5, 10**6],
    'tangle': [10**3, 10**4, 10**5, 10**6],
}
COLORS = {
    'basic': '#1f77b4', 'region-paper': '#8c8c8c', 'region': '#2ca02c',
    'linear': '#ff7f0e', 'path': '#9467bd', 'exact': '#d62728',
}

STATS_RE = re.compile(r'^threadconv: stats: (.*)$')
PHASE_RE = re.compile(r'([A-Za-z][A-Za-z0-9_-]*) ([0-9]+(?:\.[0-9]*)?) ms\b')
GRAPH_RE = re.compile(r'\bgraph .*?: ([0-9]+) nodes?, ([0-9]+) edges?')
BYTES_RE = re.compile(r'\b([0-9]+) bytes\b')
RSS_RE = re.compile(r'Maximum resident set size \(kbytes\): ([0-9]+)')
CPU_RE = re.compile(r'(?:User|System) time \(seconds\): ([0-9.]+)')
USER_RE = re.compile(r'User time \(seconds\): ([0-9.]+)')


def parse_size(text):
    """'1e6', '1000000' or '10k' -> int."""
    t = text.strip().lower()
    mult = 1
    if t and t[-1] in 'km':
        mult = 1000 if t[-1] == 'k' else 10**6
        t = t[:-1]
    return int(float(t) * mult)


def size_label(n):
    """10000000 -> '1e7' when a power of ten, else the number."""
    if n > 0:
        k = round(math.log10(n))
        if 10**k == n and k >= 3:
            return '1e%d' % k
    return str(n)


def parse_stats(stderr):
    """The --stats lines of one run: (phases, nodes, edges, bytes).

    Every `NAME T ms` pair is a phase; a graph line gives the node and edge
    counts. Phases of the file lines (read, parse) keep their names, unless
    a graph line uses the same name, then they become file-NAME. Several
    graphs add up."""
    graph_ph, file_ph = {}, {}
    nodes = edges = nbytes = None
    for line in stderr.splitlines():
        m = STATS_RE.match(line)
        if not m:
            continue
        body = m.group(1)
        g = GRAPH_RE.search(body)
        target = graph_ph if g else file_ph
        if g:
            nodes = (nodes or 0) + int(g.group(1))
            edges = (edges or 0) + int(g.group(2))
        b = BYTES_RE.search(body)
        if b and not g:
            nbytes = (nbytes or 0) + int(b.group(1))
        for name, ms in PHASE_RE.findall(body):
            target[name] = target.get(name, 0.0) + float(ms)
    phases = dict(graph_ph)
    for name, ms in file_ph.items():
        phases['file-' + name if name in graph_ph else name] = ms
    return phases, nodes, edges, nbytes, sorted(graph_ph), sorted(file_ph)


def kill_group(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()


class Runner:
    def __init__(self, args):
        self.args = args
        self.time_bin = shutil.which('time', path='/usr/bin:/bin')
        self.report_args = self.pick_report_args()

    def pick_report_args(self):
        """--format none (and --quiet) where this threadconv has them."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 't.cfg')
            with open(path, 'w') as f:
                f.write('entry a\nexit b\na -> b\n')
            help_text = subprocess.run([self.args.bin, 'help', 'analyze'],
                                       capture_output=True, text=True).stdout
            quiet = ['--quiet'] if '--quiet' in help_text else []
            p = subprocess.run([self.args.bin, 'analyze', '--format', 'none'] + quiet
                               + [path], capture_output=True)
            if p.returncode == 0 and not p.stdout:
                return ['--format', 'none'] + quiet
        return ['--format', 'text', '-o', os.devnull] + quiet

    def run_once(self, solver, path):
        """One run: dict with status ok/timeout/error, wall_s, rss_kb, phases..."""
        cmd = [self.args.bin, 'analyze', '--solver', solver, '--stats'] \
            + self.report_args + [path]
        t = timed_run(cmd, self.args.timeout, self.time_bin)
        if t['status'] == 'timeout':
            return {'status': 'timeout', 'wall_s': None}
        if t['returncode'] != 0:
            tail = t['stderr'].strip().splitlines()[-3:]
            return {'status': 'error', 'wall_s': t['wall_s'], 'message': ' / '.join(tail)}
        phases, nodes, edges, nbytes, gnames, fnames = parse_stats(t['stderr'])
        return {'status': 'ok', 'wall_s': t['wall_s'], 'cpu_s': t['cpu_s'],
                'rss_kb': t['rss_kb'], 'phases': phases, 'nodes': nodes, 'edges': edges,
                'bytes': nbytes, 'graph_phases': gnames, 'file_phases': fnames}


def repeat_runs(run_once, key, path, runs, given_up):
    """Up to runs runs of run_once(key, path), stopping at the first that
    fails; a single 'skipped' one when key has given up already."""
    if key in given_up:
        return [{'status': 'skipped'}]
    out = []
    for _ in range(runs):
        out.append(run_once(key, path))
        if out[-1]['status'] != 'ok':
            break
    return out


def timed_run(cmd, timeout, time_bin=None):
    """Runs cmd (standard output discarded) under `time_bin -v` when given,
    killing its process group after timeout seconds. A dict: status (ok or
    timeout), returncode, stderr, wall_s, and from GNU time cpu_s (user +
    system), user_s and rss_kb (peak resident set size), None without it."""
    with tempfile.NamedTemporaryFile('r', suffix='.time') as tf:
        if time_bin:
            cmd = [time_bin, '-v', '-o', tf.name] + list(cmd)
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True, text=True)
        try:
            _, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(p)
            return {'status': 'timeout', 'returncode': None, 'stderr': '', 'wall_s': None,
                    'cpu_s': None, 'user_s': None, 'rss_kb': None}
        wall = time.perf_counter() - t0
        rss = cpu = user = None
        if time_bin:
            report = tf.read()
            m = RSS_RE.search(report)
            rss = int(m.group(1)) if m else None
            times = CPU_RE.findall(report)
            cpu = sum(float(x) for x in times) if times else None
            m = USER_RE.search(report)
            user = float(m.group(1)) if m else None
    return {'status': 'ok', 'returncode': p.returncode, 'stderr': err, 'wall_s': wall,
            'cpu_s': cpu, 'user_s': user, 'rss_kb': rss}


def generate(args, shape, size):
    """The input file for (shape, size), generated unless already there."""
    os.makedirs(args.work, exist_ok=True)
    path = os.path.join(args.work, '%s-%s-s%d.cfg' % (shape, size_label(size), args.seed))
    if os.path.exists(path) and os.path.getsize(path) > 0:
        return path
    tmp = path + '.tmp'
    subprocess.run([args.gen, '--shape', shape, '--nodes', str(size), '--seed',
                    str(args.seed), '-o', tmp], check=True)
    os.replace(tmp, path)
    return path


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def summarize(shape, size, solver, path, runs):
    """One table row from the runs of (shape, size, solver)."""
    row = {'shape': shape, 'size': size, 'solver': solver, 'file': os.path.basename(path),
           'file_bytes': os.path.getsize(path), 'runs': runs}
    ok = [r for r in runs if r['status'] == 'ok']
    bad = [r for r in runs if r['status'] != 'ok']
    if bad or not ok:
        row['status'] = bad[0]['status'] if bad else 'skipped'
        if bad and 'message' in bad[0]:
            row['message'] = bad[0]['message']
        return row
    row['status'] = 'ok'
    row['nodes'], row['edges'] = ok[0]['nodes'], ok[0]['edges']
    row['graph_phases'], row['file_phases'] = ok[0]['graph_phases'], ok[0]['file_phases']
    names = sorted({n for r in ok for n in r['phases']})
    row['phases_ms'] = {n: median([r['phases'].get(n) for r in ok]) for n in names}
    row['wall_s'] = median([r['wall_s'] for r in ok])
    row['cpu_s'] = median([r.get('cpu_s') for r in ok])
    row['rss_kb'] = median([r['rss_kb'] for r in ok])
    ph = row['phases_ms']
    nbytes = ok[0]['bytes'] or row['file_bytes']
    if ph.get('parse'):
        row['parse_mb_s'] = nbytes / 1e6 / (ph['parse'] / 1e3)
    # analysis: the graph's total when it prints one, else its phases summed
    gph = [n for n in row['graph_phases'] if n in ph]
    row['analysis_ms'] = ph['total'] if 'total' in gph else sum(ph[n] for n in gph) or None
    # work: what --stats accounts for, input included (no process start-up)
    front = sum(ph.get(n, 0.0) for n in ('read', 'parse', 'file-read', 'file-parse'))
    if row['analysis_ms'] is not None:
        row['work_ms'] = front + row['analysis_ms']
    elements = (row['nodes'] or 0) + (row['edges'] or 0)
    row['elements'] = elements
    if elements:
        if row['rss_kb']:
            row['bytes_per_element'] = row['rss_kb'] * 1024 / elements
        row['ns_per_element'] = row['wall_s'] * 1e9 / elements
        if row.get('work_ms'):
            row['work_ns_per_element'] = row['work_ms'] * 1e6 / elements
    return row


def machine_info():
    info = {'nproc': os.cpu_count(), 'platform': platform.platform()}
    try:
        out = subprocess.run(['lscpu'], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith('Model name:'):
                info['cpu'] = line.split(':', 1)[1].strip()
    except OSError:
        pass
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemTotal:'):
                    info['memory_gib'] = round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    try:
        info['loadavg_at_start'] = os.getloadavg()[0]
    except OSError:
        pass
    return info


def commit_info():
    def git(*a):
        p = subprocess.run(['git', '-C', ROOT] + list(a), capture_output=True, text=True)
        return p.stdout.strip() if p.returncode == 0 else None
    c = git('rev-parse', '--short', 'HEAD')
    dirty = git('status', '--porcelain', '--', 'src', 'include', 'tools', 'CMakeLists.txt')
    return {'commit': c, 'dirty': bool(dirty)}


# ---------------------------------------------------------------- goals

def find(rows, shape, size, solver):
    for r in rows:
        if r['shape'] == shape and r['size'] == size and r['solver'] == solver:
            return r
    return None


def fmt_s(x):
    if x is None:
        return '—'
    return '%.2f s' % x if x >= 1 else '%.0f ms' % (x * 1e3) if x >= 0.01 \
        else '%.1f ms' % (x * 1e3)


def goals(rows, timeout, goal_size):
    """Verdicts for the structured graph of goal_size nodes (10^7): a list of
    (goal, verdict, detail); flatness is judged from 1e4 up to goal_size."""
    out = []
    st = [r for r in rows if r['shape'] == 'structured']
    if not any(r['size'] == goal_size for r in st):
        return out

    def at(solver):
        return find(st, 'structured', goal_size, solver)

    def status_text(r):
        if r is None:
            return 'not run'
        if r['status'] == 'timeout':
            return 'timed out after %g s' % timeout
        if r['status'] == 'skipped':
            before = [x for x in st if x['solver'] == r['solver'] and x['size'] < r['size']
                      and x['status'] in ('timeout', 'error')]
            if before:
                return 'not run: %s at %s' % ('timed out' if before[0]['status'] == 'timeout'
                                              else 'failed', size_label(before[0]['size']))
        if r['status'] != 'ok':
            return r['status']
        return fmt_s(r['wall_s'])

    for solvers, limit in ((('exact', 'path'), 10.0), (('linear', 'basic'), 5.0)):
        for s in solvers:
            r = at(s)
            if r is None:
                continue
            ok = r['status'] == 'ok' and r['wall_s'] < limit
            out.append(('%s under %g s, parse included' % (s, limit),
                        'PASS' if ok else 'FAIL', status_text(r)))
    speeds = [r.get('parse_mb_s') for s in SOLVERS for r in [at(s)]
              if r and r['status'] == 'ok' and r.get('parse_mb_s')]
    if speeds:
        v = median(speeds)
        out.append(('parse at 100 MB/s or better', 'PASS' if v >= 100 else 'FAIL',
                    '%.1f MB/s (median over solvers)' % v))
    else:
        out.append(('parse at 100 MB/s or better', 'UNKNOWN',
                    'this threadconv prints no parse time'))
    for s in SOLVERS:
        r = at(s)
        if r is None or r['status'] != 'ok' or not r.get('bytes_per_element'):
            if r is not None:
                out.append(('%s peak memory under 100 B/element' % s, 'FAIL' if
                            r['status'] == 'timeout' else 'UNKNOWN', status_text(r)))
            continue
        bpe = r['bytes_per_element']
        out.append(('%s peak memory under 100 B/element' % s, 'PASS' if bpe < 100 else 'FAIL',
                    '%.1f B/element (%.0f MiB)' % (bpe, r['rss_kb'] / 1024)))
    for s in SOLVERS:
        if s == 'region-paper':
            continue
        span = [r for r in st if r['solver'] == s and 10**4 <= r['size'] <= goal_size]
        if not span:
            continue
        span.sort(key=lambda r: r['size'])
        failed = [r for r in span if r['status'] != 'ok']
        name = '%s time per element flat (within 2x) from 1e4 to %s' % (s, size_label(goal_size))
        if failed:
            out.append((name, 'FAIL', '%s at %s' % (failed[0]['status'],
                                                     size_label(failed[0]['size']))))
            continue
        key = 'work_ns_per_element' if all(r.get('work_ns_per_element') for r in span) \
            else 'ns_per_element'
        vals = [r[key] for r in span]
        ratio = max(vals) / min(vals)
        wall = [r['ns_per_element'] for r in span]
        detail = '%s ns/element: %s; max/min %.2f (wall time: max/min %.2f)' % (
            'parse+analysis' if key == 'work_ns_per_element' else 'wall',
            ', '.join('%.0f' % v for v in vals), ratio, max(wall) / min(wall))
        out.append((name, 'PASS' if ratio <= 2 else 'FAIL', detail))
    return out


# ---------------------------------------------------------------- tables

def fmt_ms(x):
    if x is None:
        return '—'
    return '%.0f' % x if x >= 100 else '%.1f' % x if x >= 1 else '%.2f' % x


def fmt_num(x, digits=1):
    return '—' if x is None else '%.*f' % (digits, x)


def report_data(commit=None, **fields):
    """What a report's heading needs (the date, the machine, the commit:
    commit names it for a binary built elsewhere), with fields."""
    return dict({'date': datetime.datetime.now().astimezone().isoformat(timespec='seconds'),
                 'machine': machine_info(),
                 'commit': {'commit': commit, 'dirty': False} if commit else commit_info()},
                **fields)


def llvm_version(tool):
    """The LLVM version a tool (opt, llc) says it is, or '?'."""
    ver = subprocess.run([tool, '--version'], capture_output=True, text=True).stdout
    m = re.search(r'LLVM version (\S+)', ver)
    return m.group(1) if m else '?'


def report_head(data, title):
    """The first lines of a markdown report: the title, the date, the
    commit and the machine (with its load at the start and, when measured,
    at the end)."""
    m, c = data['machine'], data['commit']
    end = m.get('loadavg_at_end')
    return ['# %s\n' % title,
            '- date: %s' % data['date'],
            '- commit: %s%s' % (c['commit'], ' (with uncommitted changes in src/, include/ '
                                'or tools/)' if c['dirty'] else ''),
            '- machine: %s cores, %s, %s GiB memory; load average %.1f at the start%s'
            % (m.get('nproc'), m.get('cpu', '?'), m.get('memory_gib', '?'),
               m.get('loadavg_at_start', float('nan')),
               ', %.1f at the end' % end if end is not None else '')]


def markdown(data):
    rows = data['results']
    lines = report_head(data, 'threadconv benchmark results')
    lines.append('- runs per point: %d (medians), timeout %g s per run; report: `%s`'
                 % (data['runs'], data['timeout'], ' '.join(data['report_args'])))
    lines.append('')
    g = data.get('goals') or []
    if g:
        lines.append('## Goals (structured, %s nodes)\n' % size_label(data['goal_size']))
        lines.append('| goal | verdict | measured |')
        lines.append('|---|---|---|')
        for name, verdict, detail in g:
            lines.append('| %s | **%s** | %s |' % (name, verdict, detail))
        lines.append('')
    for shape in SHAPES:
        srows = [r for r in rows if r['shape'] == shape]
        if not srows:
            continue
        sizes = sorted({r['size'] for r in srows})
        solvers = [s for s in SOLVERS if any(r['solver'] == s for r in srows)]
        lines.append('## %s\n' % shape)
        lines.append('Wall time (median, parse included):\n')
        lines.append('| nodes | ' + ' | '.join(solvers) + ' |')
        lines.append('|---:|' + '---:|' * len(solvers))
        for size in sizes:
            cells = []
            for s in solvers:
                r = find(srows, shape, size, s)
                cells.append('—' if r is None else fmt_s(r['wall_s']) if r['status'] == 'ok'
                             else r['status'])
            lines.append('| %s | %s |' % (size_label(size), ' | '.join(cells)))
        lines.append('')
        gnames = []
        for r in srows:
            for n in r.get('graph_phases', []):
                if n not in gnames and n != 'total':
                    gnames.append(n)
        fnames = []
        for r in srows:
            for n in r.get('file_phases', []):
                n2 = 'file-' + n if n in r.get('graph_phases', []) else n
                if n2 not in fnames:
                    fnames.append(n2)
        lines.append('Details (times in ms, medians):\n')
        head = (['nodes', 'solver', 'edges', 'MB', 'wall', 'cpu'] + fnames + ['MB/s']
                + gnames + ['analysis', 'peak MiB', 'B/elem', 'ns/elem'])
        lines.append('| ' + ' | '.join(head) + ' |')
        lines.append('|---:|:---|' + '---:|' * (len(head) - 2))
        for size in sizes:
            for s in solvers:
                r = find(srows, shape, size, s)
                if r is None:
                    continue
                mb = '%.3g' % (r['file_bytes'] / 1e6)
                if r['status'] != 'ok':
                    cells = [size_label(size), s, '—', mb, r['status']] + \
                        [''] * (len(head) - 5)
                else:
                    ph = r['phases_ms']
                    cells = [size_label(size), s, str(r['edges']), mb,
                             fmt_ms(r['wall_s'] * 1e3),
                             fmt_ms(r['cpu_s'] * 1e3 if r.get('cpu_s') is not None else None)]
                    cells += [fmt_ms(ph.get(n)) for n in fnames]
                    cells.append(fmt_num(r.get('parse_mb_s')))
                    cells += [fmt_ms(ph.get(n)) for n in gnames]
                    cells += [fmt_ms(r.get('analysis_ms')),
                              fmt_num(r['rss_kb'] / 1024 if r.get('rss_kb') else None, 0),
                              fmt_num(r.get('bytes_per_element')),
                              fmt_num(r.get('ns_per_element'), 0)]
                lines.append('| ' + ' | '.join(cells) + ' |')
        lines.append('')
        for kind in ('time', 'memory', 'per-element'):
            lines.append('![%s %s](%s-%s.svg)' % (shape, kind, shape, kind))
        lines.append('')
    lines.append('wall: elapsed time of the whole command; cpu: its user + system time; the '
                 'phases are what `--stats` prints, analysis is the graph\'s total. '
                 'B/elem: peak resident set size / (nodes + edges). ns/elem: wall time / '
                 '(nodes + edges). MB/s: input bytes / parse time. A solver that timed out '
                 'is skipped on the larger sizes of that shape.')
    return '\n'.join(lines) + '\n'


# ---------------------------------------------------------------- plots

def tick_label(v, unit):
    """A label for the power of ten v in the plot's unit."""
    if unit == 's':
        for scale, suffix in ((1, 's'), (1e-3, 'ms'), (1e-6, 'µs')):
            if v >= scale * 0.999:
                return '%g %s' % (round(v / scale, 6), suffix)
        return '%g s' % v
    if unit == 'B':
        for scale, suffix in ((1e9, 'GB'), (1e6, 'MB'), (1e3, 'kB')):
            if v >= scale * 0.999:
                return '%g %s' % (round(v / scale, 6), suffix)
        return '%g B' % v
    if unit == 'ns':
        for scale, suffix in ((1e6, 'ms'), (1e3, 'µs')):
            if v >= scale * 0.999:
                return '%g %s' % (round(v / scale, 6), suffix)
        return '%g ns' % v
    for scale, suffix in ((1e9, 'G'), (1e6, 'M'), (1e3, 'k')):
        if v >= scale:
            return '%g%s' % (round(v / scale, 6), suffix)
    return '%g' % v


def decades(lo, hi):
    """The powers of ten that bracket [lo, hi], at least one decade apart."""
    a = math.floor(math.log10(lo) + 1e-9)
    b = math.ceil(math.log10(hi) - 1e-9)
    if b <= a:
        b = a + 1
    return a, b


def svg_loglog(title, xlabel, ylabel, yunit, series, limit_y=None, limit_label=None):
    """A log-log line plot. series: [(name, color, [(x, y)], [x of timeouts])]."""
    W, H, L, R, T, B = 720, 460, 80, 170, 40, 56
    pw, ph = W - L - R, H - T - B
    xs = [x for _, _, pts, to in series for x, _ in pts] + \
        [x for _, _, _, to in series for x in to]
    ys = [y for _, _, pts, _ in series for _, y in pts]
    if limit_y and any(to for _, _, _, to in series):
        ys.append(limit_y)
    if not xs or not ys:
        xs, ys = xs or [1, 10], ys or [1, 10]
    xa, xb = decades(min(xs), max(xs))
    ya, yb = decades(min(ys), max(ys))

    def px(x):
        return L + (math.log10(x) - xa) / (xb - xa) * pw

    def py(y):
        return T + ph - (math.log10(y) - ya) / (yb - ya) * ph

    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>'
         % (L, escape(title))]
    # grid: every decade labelled, 2..9 faint
    for k in range(xa, xb + 1):
        x = px(10**k)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#bbb"/>' % (x, T, x, T + ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                 % (x, T + ph + 18, escape(tick_label(10**k, 'n'))))
        if k < xb:
            for j in range(2, 10):
                x = px(j * 10**k)
                o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>'
                         % (x, T, x, T + ph))
    for k in range(ya, yb + 1):
        y = py(10**k)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#bbb"/>' % (L, y, L + pw, y))
        o.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                 % (L - 6, y, escape(tick_label(10**k, yunit))))
        if k < yb:
            for j in range(2, 10):
                y = py(j * 10**k)
                o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>'
                         % (L, y, L + pw, y))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>'
             % (L, T, pw, ph))
    o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
             % (L + pw / 2, H - 12, escape(xlabel)))
    o.append('<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">%s</text>'
             % (T + ph / 2, escape(ylabel)))
    if limit_y and any(to for _, _, _, to in series):
        y = py(limit_y)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#999" '
                 'stroke-dasharray="4 4"/>' % (L, y, L + pw, y))
        o.append('<text x="%d" y="%.1f" fill="#666">%s</text>'
                 % (L + 4, y - 4, escape(limit_label or 'limit')))
    crosses = {}  # x -> crosses drawn there, so coinciding timeouts stack upwards
    for name, color, pts, timeouts in series:
        pts = sorted(pts)
        if len(pts) > 1:
            o.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                     % (color, ' '.join('%.1f,%.1f' % (px(x), py(y)) for x, y in pts)))
        for x, y in pts:
            o.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>' % (px(x), py(y), color))
        if limit_y:
            for x in timeouts:
                k = crosses[x] = crosses.get(x, -1) + 1
                cx, cy = px(x), py(limit_y) - 11 * k
                o.append('<path d="M%.1f %.1fl8 8m0 -8l-8 8" stroke="%s" stroke-width="2"/>'
                         % (cx - 4, cy - 4, color))
    # legend
    lx, ly = L + pw + 16, T + 8
    for i, (name, color, _, _) in enumerate(series):
        y = ly + 20 * i
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                 % (lx, y, lx + 24, y, color))
        o.append('<circle cx="%d" cy="%d" r="3.5" fill="%s"/>' % (lx + 12, y, color))
        o.append('<text x="%d" y="%d" dominant-baseline="middle">%s</text>'
                 % (lx + 30, y, escape(name)))
    if limit_y and any(to for _, _, _, to in series):
        y = ly + 20 * len(series)
        o.append('<path d="M%d %dl8 8m0 -8l-8 8" stroke="#333" stroke-width="2"/>'
                 % (lx + 8, y - 4))
        o.append('<text x="%d" y="%d" dominant-baseline="middle">timed out</text>'
                 % (lx + 30, y))
    o.append('</svg>')
    return '\n'.join(o) + '\n'


def plots(data, out_dir):
    rows, written = data['results'], []
    for shape in SHAPES:
        srows = [r for r in rows if r['shape'] == shape]
        if not srows:
            continue
        specs = [
            ('time', 'wall time (median)', 's', lambda r: r['wall_s'],
             data['timeout'], 'timeout %g s' % data['timeout']),
            ('memory', 'peak resident set size', 'B',
             lambda r: r['rss_kb'] * 1024 if r.get('rss_kb') else None, None, None),
            ('per-element', 'wall time per node or edge', 'ns',
             lambda r: r.get('ns_per_element'), None, None),
        ]
        for kind, ylabel, unit, get, limit, limit_label in specs:
            series = []
            for s in SOLVERS:
                sr = [r for r in srows if r['solver'] == s]
                if not sr:
                    continue
                pts = [(r['size'], get(r)) for r in sr if r['status'] == 'ok' and get(r)]
                to = [r['size'] for r in sr if r['status'] == 'timeout']
                series.append((s, COLORS[s], pts, to))
            title = '%s: %s against nodes' % (shape, ylabel)
            svg = svg_loglog(title, 'nodes', ylabel, unit, series, limit, limit_label)
            name = '%s-%s.svg' % (shape, kind)
            with open(os.path.join(out_dir, name), 'w') as f:
                f.write(svg)
            written.append(name)
    return written


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--shapes', default=','.join(SHAPES))
    ap.add_argument('--sizes', help='comma-separated node counts for every shape '
                    '(default: per shape, 1e3 up to 1e7 or 1e6)')
    ap.add_argument('--max-size', type=parse_size, help='drop default sizes above this')
    ap.add_argument('--solvers', default=','.join(SOLVERS))
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--timeout', type=float, default=120.0, help='seconds per run')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'threadconv'))
    ap.add_argument('--gen', default=os.path.join(ROOT, 'build', 'bench', 'gen_cfg'))
    ap.add_argument('--goal-size', type=parse_size, default=10**7,
                    help='the structured size the goals are judged at (default 1e7)')
    ap.add_argument('--report-only', action='store_true',
                    help='run nothing: rewrite results.md and the plots from results.json')
    ap.add_argument('--merge', action='store_true',
                    help='keep the rows of an earlier results.json that this run does not redo')
    args = ap.parse_args()

    json_path = os.path.join(args.out, 'results.json')
    if args.report_only:
        with open(json_path) as f:
            data = json.load(f)
        data['goals'] = goals(data['results'], data['timeout'], data['goal_size'])
        write_outputs(data, args.out, json_path)
        return 0

    shapes = [s for s in args.shapes.split(',') if s]
    solvers = [s for s in args.solvers.split(',') if s]
    for s in shapes:
        if s not in SHAPES:
            ap.error('unknown shape %s' % s)
    for s in solvers:
        if s not in SOLVERS:
            ap.error('unknown solver %s' % s)
    for path in (args.bin, args.gen):
        if not os.access(path, os.X_OK):
            ap.error('%s is not an executable (build first, or pass --bin/--gen)' % path)
    if args.runs < 1:
        ap.error('--runs must be at least 1')
    os.makedirs(args.out, exist_ok=True)

    runner = Runner(args)
    if not runner.time_bin:
        print('run.py: /usr/bin/time not found: no peak memory', file=sys.stderr)
    data = report_data(runs=args.runs, timeout=args.timeout, seed=args.seed,
                       report_args=runner.report_args, results=[])
    results = data['results']
    for shape in shapes:
        sizes = [parse_size(x) for x in args.sizes.split(',')] if args.sizes \
            else DEFAULT_SIZES[shape]
        if args.max_size:
            sizes = [n for n in sizes if n <= args.max_size]
        given_up = set()
        for size in sorted(sizes):
            path = generate(args, shape, size)
            for solver in solvers:
                runs = repeat_runs(runner.run_once, solver, path, args.runs, given_up)
                row = summarize(shape, size, solver, path, runs)
                if row['status'] in ('timeout', 'error'):
                    given_up.add(solver)
                results.append(row)
                msg = fmt_s(row.get('wall_s')) if row['status'] == 'ok' else row['status']
                print('%-10s %5s %-12s %s' % (shape, size_label(size), solver, msg),
                      file=sys.stderr, flush=True)

    if args.merge and os.path.exists(json_path):
        with open(json_path) as f:
            old = json.load(f)
        done = {(r['shape'], r['size'], r['solver']) for r in results}
        kept = [r for r in old.get('results', [])
                if (r['shape'], r['size'], r['solver']) not in done]
        results[:0] = kept
        results.sort(key=lambda r: (SHAPES.index(r['shape']), r['size'],
                                    SOLVERS.index(r['solver'])))
    try:
        data['machine']['loadavg_at_end'] = os.getloadavg()[0]
    except OSError:
        pass
    data['goal_size'] = args.goal_size
    data['goals'] = goals(results, args.timeout, args.goal_size)
    write_outputs(data, args.out, json_path)
    return 0


def write_outputs(data, out_dir, json_path):
    """results.json, results.md and the plots; prints the goals."""
    with open(json_path, 'w') as f:
        json.dump(data, f, indent=1)
        f.write('\n')
    with open(os.path.join(out_dir, 'results.md'), 'w') as f:
        f.write(markdown(data))
    plots(data, out_dir)
    for name, verdict, detail in data['goals']:
        print('%-4s %s: %s' % (verdict, name, detail))


if __name__ == '__main__':
    sys.exit(main())
