#!/usr/bin/env python3
"""threadconv check across calls against the same program inlined (README.md).

usage: calls.py [--sizes LIST] [--runs N] [--seed S] [--blocks-per-helper B]
                [--timeout S] [--out FILE] [--work DIR] [--bin PATH]
                [--opt PATH] [--llvm-as PATH] [--prepare-only] [--report-only]
       calls.py --generate N [--seed S] [--inline] [-o FILE]

For each size N (helper functions), writes one NVPTX module (into --work,
reused when present): @kernel(ptr %out, i32 %n, i32 %m) and N internal
helpers @hK(ptr %out, i32 %a, i32 %b) returning i32, marked noinline, of
about B blocks each (default 10, so 10^5 blocks at N = 10^4). The calls
form a DAG that is a tree plus second call sites: hK's first caller is the
kernel or a random earlier helper (a random recursive tree: depth about
e ln N), and about one leaf in three (a helper that calls nothing) gets a
second call site in another earlier function. Every function body but the
leaves' is reached by one path of calls, a leaf by at most two, so the
program with every helper inlined is at most twice, in practice about 1.2
times, the size of the program with calls. A body is a random structured
program: updates of a running value, if and if/else on the thread id, the
block id, a parameter or the running value (which holds what the calls
returned), early returns, counted loops (on a constant, a parameter or the
thread id), a barrier (`call void @llvm.nvvm.barrier0()`) in about two
helpers in five and in the kernel, and the calls, at any depth; the call
arguments are the thread id, the block id, a parameter or the running
value (no constants, which the inliner would fold into the callee's
branches, making the twin a smaller program than the original).

The inlined twin is the same text with alwaysinline for noinline, through
`opt -passes=always-inline` (the helpers, internal, are then deleted).
Both are assembled to bitcode (llvm-as; opt writes the twin's), and each
runs --runs times, the two in turn (the order swaps every run), under
/usr/bin/time:

  threadconv check --stats --format json -o /dev/null FILE

exit status 1 (barriers reported) counts as success. Reported per size:
the call sites, the blocks of each version (the --stats graphs' nodes are
not blocks: a barrier splits a block), the median wall and CPU times, the
ratio calls/inlined (the goal: at most 1.3), and the time per call site,
which is flat when the time grows linearly with the call sites (with the
exponent k of a least-squares fit time ~ sites^k). The markdown report
goes to standard output and, with --out, to a file; exits 1 when a
command failed.
"""
import argparse, json, os, random, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as cfgbench  # noqa: E402
from run import median, fmt_s, fmt_ms  # noqa: E402
from ir_vs_llvm import slope  # noqa: E402

DEFAULT_SIZES = [10, 100, 1000, 10000]
GOAL_RATIO = 1.3
LABEL_RE = re.compile(r'^[A-Za-z$._][\w$.-]*:', re.M)

HEAD = '''source_filename = "calls"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1
declare void @llvm.nvvm.barrier0() #2

'''

TAIL = '''attributes #0 = { convergent %s nounwind "target-cpu"="sm_70" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_70" }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
'''


class Body:
    """One function's body: a random structured program of about `blocks`
    blocks with its call sites placed at random points."""

    def __init__(self, rnd, params, calls, is_kernel, barrier):
        self.r, self.params, self.pending = rnd, params, list(calls)
        self.is_kernel, self.want_barrier = is_kernel, barrier
        self.out = []
        self.nval = self.nlab = self.blocks = 0
        self.cur = None

    def val(self):
        self.nval += 1
        return '%%v%d' % self.nval

    def start(self, lab):
        self.out.append('%s:' % lab)
        self.cur = lab
        self.blocks += 1

    def label(self):
        self.nlab += 1
        return 'l%d' % self.nlab

    def emit(self, s):
        self.out.append('  ' + s)

    def operand(self, branch, const=True):
        """Branches: thread id 30%, block id 15%, parameter 35%, running
        value 20%; updates: 20, 15, 30, constant 15, 20; call arguments as
        updates but no constant (its 15% goes to the running value): a
        constant argument would let the inliner fold the callee's branches
        on it, and the twin would be a smaller program."""
        k = self.r.random()
        cut = (0.3, 0.45, 0.8, 0.8) if branch else (0.2, 0.35, 0.65, 0.8 if const else 0.65)
        if k < cut[0]:
            return '%tid'
        if k < cut[1]:
            return '%bid'
        if k < cut[2]:
            return self.r.choice(self.params)
        if k < cut[3]:
            return str(self.r.randrange(0, 8))
        return self.acc

    def cond(self):
        c = self.val()
        self.emit('%s = icmp %s i32 %s, %d' % (c, self.r.choice(('slt', 'eq', 'ne', 'ugt')),
                                                 self.operand(True), self.r.randrange(0, 16)))
        return c

    def update(self):
        v = self.val()
        self.emit('%s = %s i32 %s, %s' % (v, self.r.choice(('add', 'xor', 'mul')), self.acc,
                                           self.operand(False)))
        self.acc = v
        if self.r.random() < 0.25:
            p = self.val()
            self.emit('%s = getelementptr inbounds i32, ptr %%out, i32 %%tid' % p)
            self.emit('store i32 %s, ptr %s, align 4' % (self.acc, p))

    def call(self):
        v, s = self.val(), self.val()
        self.emit('%s = call i32 @h%d(ptr %%out, i32 %s, i32 %s) #4'
                  % (v, self.pending.pop(), self.operand(False, False),
                     self.operand(False, False)))
        self.emit('%s = add i32 %s, %s' % (s, self.acc, v))
        self.acc = s

    def ret(self):
        self.emit('ret void' if self.is_kernel else 'ret i32 %s' % self.acc)

    def stmts(self, budget, depth):
        r = self.r
        while self.blocks < budget:
            if self.pending and r.random() < 0.4:
                self.call()
                continue
            if self.want_barrier and r.random() < 0.3:
                self.emit('call void @llvm.nvvm.barrier0()')
                self.want_barrier = False
                continue
            k = r.random()
            if k < 0.3 or depth >= 3:
                self.update()
                if depth >= 3 or k < 0.1:
                    return
            elif k < 0.6:
                self.if_(min(budget, self.blocks + r.randrange(1, 5)), depth)
            elif k < 0.75:
                c = self.cond()
                rl, cl = self.label(), self.label()
                self.emit('br i1 %s, label %%%s, label %%%s' % (c, rl, cl))
                self.start(rl)
                self.ret()
                self.start(cl)
            else:
                self.loop(min(budget, self.blocks + r.randrange(1, 5)), depth)

    def if_(self, budget, depth):
        c = self.cond()
        t, j = self.label(), self.label()
        e = self.label() if self.r.random() < 0.4 else None
        self.emit('br i1 %s, label %%%s, label %%%s' % (c, t, e or j))
        before, acc0 = self.cur, self.acc
        self.start(t)
        self.stmts(budget, depth + 1)
        t_end, t_acc = self.cur, self.acc
        self.emit('br label %%%s' % j)
        if e:
            self.acc = acc0
            self.start(e)
            self.update()
            e_end, e_acc = self.cur, self.acc
            self.emit('br label %%%s' % j)
        else:
            e_end, e_acc = before, acc0
        self.start(j)
        p = self.val()
        self.emit('%s = phi i32 [ %s, %%%s ], [ %s, %%%s ]' % (p, t_acc, t_end, e_acc, e_end))
        self.acc = p

    def loop(self, budget, depth):
        r = self.r
        kind = r.random()
        if kind < 0.2:
            bound = self.val()
            self.emit('%s = and i32 %%tid, 3' % bound)
        elif kind < 0.6:
            bound = r.choice(self.params)
        else:
            bound = str(r.randrange(1, 5))
        pre, h, b, x = self.cur, self.label(), self.label(), self.label()
        self.emit('br label %%%s' % h)
        self.start(h)
        i, a, c, inext = self.val(), self.val(), self.val(), self.val()
        at = len(self.out)
        self.out += [None, None]
        self.emit('%s = icmp slt i32 %s, %s' % (c, i, bound))
        self.emit('br i1 %s, label %%%s, label %%%s' % (c, b, x))
        acc0, self.acc = self.acc, a
        self.start(b)
        self.stmts(budget, depth + 1)
        self.emit('%s = add i32 %s, 1' % (inext, i))
        self.emit('br label %%%s' % h)
        self.out[at] = '  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]' % (i, pre, inext, self.cur)
        self.out[at + 1] = '  %s = phi i32 [ %s, %%%s ], [ %s, %%%s ]' % (
            a, acc0, pre, self.acc, self.cur)
        self.start(x)
        self.acc = a

    def write(self, budget):
        self.start('entry')
        self.emit('%tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()')
        self.emit('%bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()')
        self.acc = self.val()
        self.emit('%s = add i32 %s, %s' % (self.acc, self.params[0], self.params[1]))
        while self.blocks < budget:
            self.stmts(budget, 0)
        while self.pending:
            self.call()
        if self.want_barrier:
            self.emit('call void @llvm.nvvm.barrier0()')
        self.ret()
        return self.out


def generate(n, seed, inline=False, per_helper=10):
    """The module's text, its call sites and its blocks."""
    r = random.Random('%d/%d' % (n, seed))
    callees = [[] for _ in range(n + 1)]  # callees[0]: the kernel's; [k + 1]: hK's
    for k in range(n):
        callees[r.randrange(0, k + 1)].append(k)
    leaves = [k for k in range(n) if not callees[k + 1]]
    for k in leaves:
        if k > 0 and r.random() < 1 / 3:
            callees[r.randrange(0, k + 1)].append(k)  # the kernel or an earlier helper
    for c in callees:
        r.shuffle(c)
    parts, blocks = [HEAD], 0
    body = Body(r, ['%n', '%m'], callees[0], True, True)
    lines = body.write(max(4, per_helper))
    blocks += body.blocks
    parts.append('define void @kernel(ptr %out, i32 %n, i32 %m) #3 {')
    parts += lines + ['}', '']
    for k in range(n):
        body = Body(r, ['%a', '%b'], callees[k + 1], False, r.random() < 0.4)
        lines = body.write(max(1, per_helper + r.randrange(-per_helper // 2, per_helper // 2 + 1)))
        blocks += body.blocks
        parts.append('define internal i32 @h%d(ptr %%out, i32 %%a, i32 %%b) #0 {' % k)
        parts += lines + ['}', '']
    parts.append(TAIL % ('alwaysinline' if inline else 'noinline'))
    return '\n'.join(parts), sum(len(c) for c in callees), blocks


def prepare(args, n):
    """The two bitcode files of size n (made when absent) and their facts."""
    os.makedirs(args.work, exist_ok=True)
    base = os.path.join(args.work, 'calls-%d-s%d-b%d' % (n, args.seed, args.blocks_per_helper))
    facts_path = base + '.json'
    bc, ibc = base + '.bc', base + '-inlined.bc'
    if all(os.path.exists(p) for p in (facts_path, bc, ibc)):
        with open(facts_path) as f:
            return bc, ibc, json.load(f)
    text, sites, blocks = generate(n, args.seed, False, args.blocks_per_helper)
    itext, _, _ = generate(n, args.seed, True, args.blocks_per_helper)
    with open(base + '.ll', 'w') as f:
        f.write(text)
    with open(base + '-ai.ll', 'w') as f:
        f.write(itext)
    subprocess.run([args.llvm_as, base + '.ll', '-o', bc], check=True)
    subprocess.run([args.opt, '-passes=always-inline', base + '-ai.ll', '-o', ibc], check=True)
    # the inlined program's blocks, from its text (every block has a label)
    p = subprocess.run([args.opt, '-S', ibc, '-o', '-'], check=True, capture_output=True,
                       text=True)
    iblocks = len(LABEL_RE.findall(p.stdout))
    if 'call i32 @h' in p.stdout:
        sys.exit('calls.py: opt left calls in the inlined twin of %s' % base)
    facts = {'helpers': n, 'call_sites': sites, 'blocks': blocks, 'inlined_blocks': iblocks,
             'bc_bytes': os.path.getsize(bc), 'inlined_bc_bytes': os.path.getsize(ibc)}
    with open(facts_path, 'w') as f:
        json.dump(facts, f)
    os.unlink(base + '-ai.ll')
    return bc, ibc, facts


def run_once(args, time_bin, path):
    t = cfgbench.timed_run([args.bin, 'check', '--stats', '--format', 'json', '-o', os.devnull,
                            path], args.timeout, time_bin)
    if t['status'] == 'ok' and t['returncode'] not in (0, 1):
        t['status'] = 'error'
        t['message'] = ' / '.join(t['stderr'].strip().splitlines()[-3:])
    if t['status'] == 'ok':
        phases, nodes, edges, _, _, _ = cfgbench.parse_stats(t['stderr'])
        t.update(phases=phases, nodes=nodes, edges=edges,
                 graphs=sum(1 for line in t['stderr'].splitlines() if ': graph ' in line))
    del t['stderr']
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', default=','.join(str(n) for n in DEFAULT_SIZES),
                    help='helper counts, comma-separated')
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--blocks-per-helper', type=int, default=10)
    ap.add_argument('--timeout', type=float, default=600.0)
    ap.add_argument('--out', help='also write the markdown report here')
    ap.add_argument('--work', default=os.path.join(HERE, 'work'))
    ap.add_argument('--bin', default=os.path.join(cfgbench.ROOT, 'build', 'threadconv'))
    ap.add_argument('--opt', default=shutil.which('opt-19') or '/usr/lib/llvm-19/bin/opt')
    ap.add_argument('--llvm-as', default=shutil.which('llvm-as-19') or
                    '/usr/lib/llvm-19/bin/llvm-as')
    ap.add_argument('--commit', help='the commit --bin was built from, when not this tree')
    ap.add_argument('--prepare-only', action='store_true')
    ap.add_argument('--report-only', action='store_true',
                    help='run nothing: rewrite --out from its .json')
    ap.add_argument('--generate', type=int, metavar='N', help='write one module and exit')
    ap.add_argument('--inline', action='store_true', help='with --generate: alwaysinline')
    ap.add_argument('-o', dest='output', help='with --generate: the file (default stdout)')
    args = ap.parse_args()
    if args.generate is not None:
        text = generate(args.generate, args.seed, args.inline, args.blocks_per_helper)[0]
        if args.output:
            with open(args.output, 'w') as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        return 0
    if args.report_only:
        if not args.out:
            ap.error('--report-only needs --out')
        with open(os.path.splitext(args.out)[0] + '.json') as f:
            text = markdown(json.load(f))
        with open(args.out, 'w') as f:
            f.write(text)
        sys.stdout.write(text)
        return 0
    for p in (args.opt, args.llvm_as) + (() if args.prepare_only else (args.bin,)):
        if not os.access(p, os.X_OK):
            ap.error('%s is not an executable (build first, or pass --bin/--opt/--llvm-as)' % p)
    sizes = sorted(int(float(x)) for x in args.sizes.split(',') if x)
    inputs = {}
    for n in sizes:
        inputs[n] = prepare(args, n)
        print('%6d helpers: %s' % (n, inputs[n][2]), file=sys.stderr, flush=True)
    if args.prepare_only:
        return 0
    time_bin = shutil.which('time', path='/usr/bin:/bin')
    data = cfgbench.report_data(args.commit, runs=args.runs, seed=args.seed, results=[])
    failed = False
    for n in sizes:
        bc, ibc, facts = inputs[n]
        runs = {'calls': [], 'inlined': []}
        for i in range(args.runs):
            order = ('calls', 'inlined') if i % 2 == 0 else ('inlined', 'calls')
            for kind in order:
                runs[kind].append(run_once(args, time_bin, bc if kind == 'calls' else ibc))
        row = dict(facts)
        for kind, rs in runs.items():
            bad = [x for x in rs if x['status'] != 'ok']
            if bad:
                failed = True
                row[kind] = {'status': bad[0]['status'], 'message': bad[0].get('message', '')}
                continue
            row[kind] = {'status': 'ok', 'wall_s': median([x['wall_s'] for x in rs]),
                         'cpu_s': median([x['cpu_s'] for x in rs]),
                         'rss_kb': median([x['rss_kb'] for x in rs]),
                         'nodes': rs[0]['nodes'], 'graphs': rs[0]['graphs'],
                         'phases': {k: median([x['phases'].get(k) for x in rs])
                                    for k in rs[0]['phases']},
                         'walls': [x['wall_s'] for x in rs]}
        data['results'].append(row)
        c, i = row['calls'], row['inlined']
        print('%6d helpers: calls %s, inlined %s' % (
            n, fmt_s(c.get('wall_s')), fmt_s(i.get('wall_s'))), file=sys.stderr, flush=True)
    try:
        data['machine']['loadavg_at_end'] = os.getloadavg()[0]
    except OSError:
        pass
    text = markdown(data)
    sys.stdout.write(text)
    if args.out:
        with open(args.out, 'w') as f:
            f.write(text)
        with open(os.path.splitext(args.out)[0] + '.json', 'w') as f:
            json.dump(data, f, indent=1)
            f.write('\n')
    return 1 if failed else 0


def markdown(data):
    rows = data['results']
    L = cfgbench.report_head(data, 'threadconv check across calls against the same program '
                             'inlined')
    L.append('- inputs: `bench/calls.py` modules (seed %d): a kernel and N noinline helpers '
             'in a call DAG; the twin: alwaysinline, `opt-19 -passes=always-inline`; both '
             'as bitcode' % data['seed'])
    L.append('- command: `threadconv check --stats --format json -o /dev/null FILE`, the '
             'two inputs in turn, %d runs each (medians)' % data['runs'])
    L.append('')
    ok = [r for r in rows if r['calls']['status'] == 'ok' and r['inlined']['status'] == 'ok']
    L.append('| helpers | call sites | blocks (calls) | blocks (inlined) | graphs (calls) '
             '| calls wall | inlined wall | calls/inlined (wall) | calls CPU | inlined CPU '
             '| calls/inlined (CPU) | µs per call site (calls) | calls MiB | inlined MiB |')
    L.append('|---:|' + '---:|' * 13)
    for r in rows:
        c, i = r['calls'], r['inlined']
        if r not in ok:
            L.append('| %d | %d | %d | %d | %s |' % (r['helpers'], r['call_sites'], r['blocks'],
                                                     r['inlined_blocks'],
                                                     c.get('message') or i.get('message')))
            continue
        L.append('| %d | %d | %d | %d | %d | %s | %s | %.2f | %s | %s | %.2f | %.1f | %s | %s |'
                 % (r['helpers'], r['call_sites'], r['blocks'], r['inlined_blocks'],
                    c['graphs'], fmt_s(c['wall_s']), fmt_s(i['wall_s']),
                    c['wall_s'] / i['wall_s'], fmt_s(c['cpu_s']), fmt_s(i['cpu_s']),
                    c['cpu_s'] / i['cpu_s'], c['wall_s'] * 1e6 / r['call_sites'],
                    fmt_ms(c['rss_kb'] / 1024), fmt_ms(i['rss_kb'] / 1024)))
    L.append('')
    if ok:
        big = ok[-1]
        x = big['calls']['wall_s'] / big['inlined']['wall_s']
        L.append('| goal | verdict | measured |')
        L.append('|---|---|---|')
        xc = big['calls']['cpu_s'] / big['inlined']['cpu_s']
        L.append('| calls/inlined at most %.1fx (wall, %d helpers) | **%s** | %.2fx (CPU time: '
                 '%.2fx); at every size: %s |' % (
                     GOAL_RATIO, big['helpers'], 'PASS' if x <= GOAL_RATIO else 'FAIL', x, xc,
                     ', '.join('%.2f' % (r['calls']['wall_s'] / r['inlined']['wall_s'])
                               for r in ok)))
        span = [r for r in ok if r['helpers'] >= 1000] or ok
        k = slope([(r['call_sites'], r['calls']['wall_s']) for r in span])
        kall = slope([(r['call_sites'], r['calls']['wall_s']) for r in ok])
        per = [r['calls']['wall_s'] / r['call_sites'] for r in span]
        L.append('| time linear in the call sites (calls) | **%s** | growth ~sites^%s from %d '
                 'helpers up (~sites^%s over every size; start-up dominates the small ones) |'
                 % ('PASS' if k is not None and k <= 1.15 else 'INFO' if k is None else 'FAIL',
                    '%.2f' % k if k is not None else '?', span[0]['helpers'],
                    '%.2f' % kall if kall is not None else '?'))
        L.append('')
        L.append('Phases of the largest size (ms, medians; `--stats`, summed over the graphs):')
        L.append('')
        names = [n for n in big['calls']['phases'] if n in big['inlined']['phases']]
        L.append('| input | ' + ' | '.join(names) + ' |')
        L.append('|---|' + '---:|' * len(names))
        for kind in ('calls', 'inlined'):
            L.append('| %s | ' % kind + ' | '.join(
                fmt_ms(big[kind]['phases'].get(n)) for n in names) + ' |')
        L.append('')
    return '\n'.join(L) + '\n'


if __name__ == '__main__':
    sys.exit(main())
