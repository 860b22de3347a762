#!/usr/bin/env python3
"""threadconv check across calls against the same module with every helper
inlined: random NVPTX modules, seeded.

usage: calls_inline.py --bin THREADCONV --opt OPT [--count N] [--seed S]
                       [--jobs J] [--show K] [--keep DIR] [--print-seed S]

Each module (seed S + i) has @kernel(ptr %out, i32 %n, i32 %m) and 1 to 5
internal helpers @hK(ptr %out, i32 %a, i32 %b, ptr %res) returning i32,
marked noinline, that also store what they return through %res (an
out-parameter: the caller passes a stack variable of its own and, at some
calls, reads it back into the running value, sometimes with a barrier
behind a branch on it alone). %res is also an in: the caller often stores
a value (thread id, block id, parameter, ...) there before the call, half
the helpers read it at their entry (%in, then an operand like the others)
and any helper may read it again anywhere (after calls that may have
written it), and a helper sometimes passes its own %res on to a call
instead of a variable of its own, or the variable it gave the call before
(which finds what that call left there). Some helpers have one exit
block that every return goes to (the value returned a phi there), the
others a ret at each early return; half of those with one exit read no
thread id themselves, so that what they leave is as uniform as their
arguments. The helpers form a random call DAG (hK calls only hJ with J > K;
every helper is called at least once, some from several sites, the kernel
among the callers), each call passing the thread id, the block id, a
parameter of the caller (kernel: %n, %m), a constant, the running value
(which holds what earlier calls returned) or the loop counter. A body is a
random structured program: straight-line updates of the running value,
if and if/else on the thread id, the block id, a parameter, the running
value or the loop counter, early returns, small counted loops (on a
constant, a parameter or the thread id), barriers (`call void
@llvm.nvvm.barrier0()`) and the planned calls, at any depth. Every barrier
and every call has its own `!dbg` line, so a barrier is known by its line
in both versions.

The inlined twin: noinline -> alwaysinline, `opt -passes=always-inline`
(which also verifies the module; the helpers, internal, are then gone).
Both go through `threadconv check --format json`. A line is divergent when
some barrier entry at that line that is not a call (no "call" field), in
any graph, has state "U". Per module, for every barrier line:

  agree      the same verdict in both;
  imprecise  divergent across calls, ok when inlined;
  unsound    divergent when inlined, ok (or absent) across calls;
  dead       divergent when inlined, never executed across calls (every
             entry of the line '-'), and LLVM agrees: after the reader's
             pipeline and simplifycfg on the module with calls, no barrier
             of that line is left. The reader's pipeline folds a branch a
             dominating condition decides (early-cse: `in > 14` implies
             `in != 0`) before the calls are analysed; after inlining, the
             same two conditions are on different values and are not
             folded, and the twin's analysis, which follows no path, takes
             the barrier as reached. A line found dead across calls that
             LLVM keeps is unsound.

The test fails when any line is unsound (or a command fails), printing the
first --show such modules in full; imprecise lines are counted and a few
examples printed. Nothing is written to the source tree (--keep DIR keeps
the modules of the disagreements there). --print-seed S prints one
module's text (the call version) and exits.
"""
import argparse, concurrent.futures, json, os, random, re, subprocess, sys, tempfile

HEAD = '''source_filename = "calls_inline"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1
declare void @llvm.nvvm.barrier0() #2
'''

TAIL = '''
attributes #0 = { convergent noinline nounwind }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!nvvm.annotations = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "calls_inline", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "calls_inline.c", directory: "/gen")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 4}
!4 = !{ptr @kernel, !"kernel", i32 1}
!5 = !DISubroutineType(types: !{})
'''


class Fn:
    """One function being written: its lines, the current block, the
    running value, the line counter shared by the module."""

    def __init__(self, gen, index, name, is_kernel, params, calls):
        self.g, self.index, self.name, self.is_kernel = gen, index, name, is_kernel
        self.params = params          # names of the i32 parameters
        self.pending = list(calls)    # (callee index) call sites still to place
        self.out = []
        self.nval = self.nlab = 0
        self.cur = 'entry'
        self.acc = None
        self.slots = 0        # stack variables passed to calls as %res
        self.exits = None     # one exit block: the (value, block) that go there
        self.no_tid = False   # reads no thread id itself (its values follow its arguments)
        self.has_in = False   # reads %res at its entry into %in (what its caller stored)
        self.sp = '!%d' % (10 + index)

    def val(self):
        self.nval += 1
        return '%%v%d' % self.nval

    def label(self):
        self.nlab += 1
        return 'l%d' % self.nlab

    def emit(self, s):
        self.out.append('  ' + s)

    def start(self, lab):
        self.out.append('%s:' % lab)
        self.cur = lab

    def dbg(self):
        return ', !dbg !DILocation(line: %d, column: 1, scope: %s)' % (self.g.line(), self.sp)

    def operand(self, loop_i, allow_acc=True, allow_const=True):
        """A value to branch on or pass: thread id, block id, parameter,
        constant, running value, loop counter."""
        r = self.g.rnd
        kinds = ([] if self.no_tid else ['tid']) + ['bid', 'param'] + \
            (['const'] if allow_const else []) + \
            (['acc'] if allow_acc else []) + (['loop'] if loop_i else []) + \
            (['in'] if self.has_in else []) + \
            (['late'] if not self.is_kernel and not self.no_tid else [])
        k = r.choice(kinds)
        if k == 'in':
            return '%in'
        if k == 'late':  # %res read again here: after what may have written it
            v = self.val()
            self.emit('%s = load i32, ptr %%res, align 4' % v)
            return v
        if k == 'tid':
            return '%tid'
        if k == 'bid':
            return '%bid'
        if k == 'param':
            return r.choice(self.params)
        if k == 'const':
            return str(r.randrange(0, 8))
        if k == 'acc':
            return self.acc
        return loop_i

    def cond(self, loop_i):
        r = self.g.rnd
        x = self.operand(loop_i, allow_const=False)
        c = self.val()
        self.emit('%s = icmp %s i32 %s, %d' % (c, r.choice(['slt', 'eq', 'ne', 'ugt']), x,
                                                 r.randrange(0, 16)))
        return c

    def update(self, loop_i):
        r = self.g.rnd
        v = self.val()
        op = r.choice(['add', 'xor', 'mul', 'sub'])
        self.emit('%s = %s i32 %s, %s' % (v, op, self.acc, self.operand(loop_i, False)))
        self.acc = v
        if r.random() < 0.3:
            p = self.val()
            self.emit('%s = getelementptr inbounds i32, ptr %%out, i32 %%tid' % p)
            self.emit('store i32 %s, ptr %s, align 4' % (self.acc, p))

    def barrier(self):
        self.emit('call void @llvm.nvvm.barrier0()' + self.dbg())
        self.g.barrier_lines.append(self.g.nline)

    def call(self, callee, loop_i):
        r = self.g.rnd
        a, b = self.operand(loop_i), self.operand(loop_i)
        forward = not self.is_kernel and r.random() < 0.25
        if forward:  # its own %res passed on
            slot = '%res'
        elif self.slots and r.random() < 0.25:  # what the last call left there
            slot = '%%slot%d' % self.slots
        else:
            self.slots += 1
            slot = '%%slot%d' % self.slots
            if r.random() < 0.6:  # what the callee finds there
                self.emit('store i32 %s, ptr %s, align 4' % (self.operand(loop_i), slot))
        v = self.val()
        self.emit('%s = call i32 @h%d(ptr %%out, i32 %s, i32 %s, ptr %s) #3%s'
                  % (v, callee, a, b, slot, self.dbg()))
        if not forward and r.random() < 0.5:  # what the callee left in the variable instead
            v = self.val()
            self.emit('%s = load i32, ptr %s, align 4' % (v, slot))
            if r.random() < 0.5:  # and a barrier behind it alone
                c, t, j = self.val(), self.label(), self.label()
                self.emit('%s = icmp slt i32 %s, %d' % (c, v, r.randrange(0, 16)))
                self.emit('br i1 %s, label %%%s, label %%%s' % (c, t, j))
                self.start(t)
                self.barrier()
                self.emit('br label %%%s' % j)
                self.start(j)
        s = self.val()
        self.emit('%s = add i32 %s, %s' % (s, self.acc, v))
        self.acc = s

    def ret(self):
        if self.is_kernel:
            self.emit('ret void')
        elif self.exits is not None:
            self.exits.append((self.acc, self.cur))
            self.emit('br label %exit')
        else:
            self.emit('store i32 %s, ptr %%res, align 4' % self.acc)
            self.emit('ret i32 %s' % self.acc)

    def finish(self):
        """The exit block that every return goes to, where there is one."""
        if self.exits:
            self.start('exit')
            v = self.val()
            self.emit('%s = phi i32 %s' % (v, ', '.join('[ %s, %%%s ]' % e for e in self.exits)))
            self.emit('store i32 %s, ptr %%res, align 4' % v)
            self.emit('ret i32 %s' % v)

    def block(self, budget, depth, loop_i):
        """Statements until budget runs out; places pending calls."""
        r = self.g.rnd
        while budget > 0:
            budget -= 1
            if self.pending and r.random() < 0.35:
                self.call(self.pending.pop(0), loop_i)
                continue
            k = r.random()
            if k < 0.25:
                self.update(loop_i)
            elif k < 0.42:
                self.barrier()
            elif k < 0.70 and depth < 4:
                self.if_(r.randrange(1, 4), depth, loop_i)
            elif k < 0.80:
                self.early_return(loop_i)
            elif k < 0.93 and depth < 4:
                self.loop(r.randrange(1, 4), depth)
            else:
                self.update(loop_i)

    def if_(self, budget, depth, loop_i):
        r = self.g.rnd
        c = self.cond(loop_i)
        t, j = self.label(), self.label()
        e = self.label() if r.random() < 0.5 else None
        self.emit('br i1 %s, label %%%s, label %%%s' % (c, t, e or j))
        before, acc0 = self.cur, self.acc
        self.start(t)
        self.block(budget, depth + 1, loop_i)
        t_end, t_acc = self.cur, self.acc
        self.emit('br label %%%s' % j)
        if e:
            self.acc = acc0
            self.start(e)
            self.block(r.randrange(1, 3), depth + 1, loop_i)
            e_end, e_acc = self.cur, self.acc
            self.emit('br label %%%s' % j)
        else:
            e_end, e_acc = before, acc0
        self.start(j)
        p = self.val()
        self.emit('%s = phi i32 [ %s, %%%s ], [ %s, %%%s ]' % (p, t_acc, t_end, e_acc, e_end))
        self.acc = p

    def early_return(self, loop_i):
        c = self.cond(loop_i)
        rl, cl = self.label(), self.label()
        self.emit('br i1 %s, label %%%s, label %%%s' % (c, rl, cl))
        self.start(rl)
        self.ret()
        self.start(cl)

    def loop(self, budget, depth):
        r = self.g.rnd
        kind = r.choice(['const', 'param'] + ([] if self.no_tid else ['tid']))
        bound = {'const': str(r.randrange(1, 4)), 'param': r.choice(self.params),
                 'tid': None}[kind]
        if bound is None:
            bound = self.val()
            self.emit('%s = and i32 %%tid, 3' % bound)
        pre, h, b, x = self.cur, self.label(), self.label(), self.label()
        self.emit('br label %%%s' % h)
        self.start(h)
        i, a, c = self.val(), self.val(), self.val()
        inext = self.val()
        # the latch's values are filled in after the body
        self.out.append(None)
        hline = len(self.out) - 1
        self.out.append(None)
        self.emit('%s = icmp slt i32 %s, %s' % (c, i, bound))
        self.emit('br i1 %s, label %%%s, label %%%s' % (c, b, x))
        acc0 = self.acc
        self.acc = a
        self.start(b)
        self.block(budget, depth + 1, i)
        self.emit('%s = add i32 %s, 1' % (inext, i))
        self.emit('br label %%%s' % h)
        self.out[hline] = '  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]' % (i, pre, inext, self.cur)
        self.out[hline + 1] = '  %s = phi i32 [ %s, %%%s ], [ %s, %%%s ]' % (
            a, acc0, pre, self.acc, self.cur)
        self.start(x)
        self.acc = a

    def text(self, attrs):
        if self.is_kernel:
            head = 'define void @kernel(ptr %%out, i32 %%n, i32 %%m) #3 !dbg %s {' % self.sp
        else:
            head = 'define internal i32 @%s(ptr %%out, i32 %%a, i32 %%b, ptr %%res) %s !dbg %s {' % (
                self.name, attrs, self.sp)
        slots = ['  %%slot%d = alloca i32, align 4' % (k + 1) for k in range(self.slots)]
        return '\n'.join([head] + self.out[:1] + slots + self.out[1:] + ['}', ''])


class Module:
    def __init__(self, seed):
        self.seed = seed
        self.rnd = random.Random(seed)
        self.nline = 0
        self.barrier_lines = []

    def line(self):
        self.nline += 1
        return self.nline

    def generate(self):
        r = self.rnd
        nh = r.randrange(1, 6)
        # call sites: each helper k is called from 1..3 sites in the kernel
        # or in helpers j < k
        calls = {f: [] for f in range(-1, nh)}
        for k in range(nh):
            for _ in range(r.choice([1, 1, 2, 2, 3])):
                calls[r.randrange(-1, k)].append(k)
        fns = []
        for f in range(-1, nh):
            sites = calls[f]
            r.shuffle(sites)
            if f < 0:
                fn = Fn(self, 0, 'kernel', True, ['%n', '%m'], sites)
            else:
                fn = Fn(self, f + 1, 'h%d' % f, False, ['%a', '%b'], sites)
            if f >= 0 and r.random() < 0.5:
                fn.exits = []
                fn.no_tid = r.random() < 0.5
            fn.out.append('entry:')
            fn.emit('%tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()')
            fn.emit('%bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()')
            fn.acc = fn.val()
            fn.emit('%s = add i32 %s, %s' % (fn.acc, fn.params[0], fn.params[1]))
            if f >= 0 and r.random() < 0.5:
                fn.emit('%in = load i32, ptr %res, align 4')
                fn.has_in = True
            fn.block(r.randrange(2, 9), 0, None)
            while fn.pending:  # the calls not placed yet, at the end
                fn.call(fn.pending.pop(0), None)
            fn.ret()
            fn.finish()
            fns.append(fn)
        self.fns = fns
        return self

    def text(self, inline=False):
        attrs = '#4' if inline else '#0'
        parts = [HEAD] + [fn.text(attrs) for fn in self.fns] + [TAIL]
        if inline:
            parts.append('attributes #4 = { convergent alwaysinline nounwind }\n')
        for fn in self.fns:
            parts.append('%s = distinct !DISubprogram(name: "%s", scope: !1, file: !1, line: 1, '
                         'type: !5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)\n'
                         % (fn.sp, fn.name))
        return '\n'.join(parts)


def states(report):
    """line -> the states of its non-call barrier entries."""
    out = {}
    for g in report.get('graphs', []):
        for b in g.get('barriers', []):
            if 'call' not in b and 'line' in b:
                out.setdefault(b['line'], set()).add(b['state'])
    return out


def verdicts(report):
    """line -> True (divergent) / False (ok) over every non-call barrier."""
    return {line: 'U' in st for line, st in states(report).items()}


def check(args, path):
    p = subprocess.run([args.bin, 'check', '--format', 'json', path], capture_output=True,
                       text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError('threadconv check %s: exit %d: %s' % (path, p.returncode,
                                                                 p.stderr.strip()[-500:]))
    return json.loads(p.stdout)


# what the reader runs on IR (TC_LLVM_DEFAULT_PASSES), then simplifycfg,
# which deletes the blocks that folded branches leave unreachable
DEAD_PIPELINE = 'sroa,mem2reg,early-cse<memssa>,simplifycfg'


def dead(report):
    """The lines whose every non-call barrier entry is never executed."""
    return {line for line, st in states(report).items() if st == {'-'}}


def llvm_barrier_lines(args, path):
    """The lines of the barriers LLVM keeps in path after DEAD_PIPELINE."""
    p = subprocess.run([args.opt, '-passes=' + DEAD_PIPELINE, '-S', path],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError('opt %s: %s' % (DEAD_PIPELINE, p.stderr.strip()[-800:]))
    locs = dict(re.findall(r'^(![0-9]+) = !DILocation\(line: ([0-9]+)', p.stdout, re.M))
    return {int(locs[m]) for m in
            re.findall(r'call void @llvm\.nvvm\.barrier0\(\).*!dbg (![0-9]+)', p.stdout)
            if m in locs}


def one(args, tmp, seed):
    m = Module(seed).generate()
    base = os.path.join(tmp, 's%d' % seed)
    calls_ll, inl_src, inl_ll = base + '.ll', base + '-ai.ll', base + '-inlined.ll'
    with open(calls_ll, 'w') as f:
        f.write(m.text())
    with open(inl_src, 'w') as f:
        f.write(m.text(inline=True))
    p = subprocess.run([args.opt, '-passes=always-inline', '-S', inl_src, '-o', inl_ll],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError('opt on seed %d: %s' % (seed, p.stderr.strip()[-800:]))
    rc = check(args, calls_ll)
    vc, vi = verdicts(rc), verdicts(check(args, inl_ll))
    never = dead(rc)
    kept = None
    res = {'seed': seed, 'agree': 0, 'imprecise': [], 'unsound': [], 'dead': [],
           'lines': m.barrier_lines}
    for line in m.barrier_lines:
        c, i = vc.get(line), vi.get(line)
        if i is None and c is None:
            continue  # unreachable in both (dead code folded away)
        if i is True and c is not True:
            if line in never and kept is None:
                kept = llvm_barrier_lines(args, calls_ll)
            if line in never and line not in kept:
                res['dead'].append(line)
            else:
                res['unsound'].append((line, c, i))
        elif c is True and i is not True:
            res['imprecise'].append((line, c, i))
        else:
            res['agree'] += 1
    if res['unsound'] or res['imprecise']:
        res['calls_text'] = m.text()
        with open(inl_ll) as f:
            res['inlined_text'] = f.read()
    for x in (calls_ll, inl_src, inl_ll):
        os.unlink(x)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin')
    ap.add_argument('--opt', default='opt-19')
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--seed', type=int, default=int(os.environ.get('TC_PROP_SEED', '1')))
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--show', type=int, default=2, help='modules printed per kind')
    ap.add_argument('--keep', help='write the modules of disagreements into this folder')
    ap.add_argument('--print-seed', type=int, help='print one module and exit')
    args = ap.parse_args()
    if args.print_seed is not None:
        sys.stdout.write(Module(args.print_seed).generate().text())
        return 0
    if not args.bin:
        ap.error('--bin is required')
    count = args.count * int(os.environ.get('TC_PROP_SCALE', '1'))
    seeds = range(args.seed, args.seed + count)
    results, errors = [], []
    with tempfile.TemporaryDirectory(prefix='tc-calls-inline-') as tmp:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
            futs = {ex.submit(one, args, tmp, s): s for s in seeds}
            for fu in concurrent.futures.as_completed(futs):
                try:
                    results.append(fu.result())
                except (RuntimeError, ValueError) as e:
                    errors.append('seed %d: %s' % (futs[fu], e))
    results.sort(key=lambda r: r['seed'])
    agree = sum(r['agree'] for r in results)
    imp = [r for r in results if r['imprecise']]
    uns = [r for r in results if r['unsound']]
    nimp = sum(len(r['imprecise']) for r in results)
    nuns = sum(len(r['unsound']) for r in results)
    ndead = sum(len(r['dead']) for r in results)
    # imprecise lines whose barrier the inliner folded away (a branch on a
    # constant argument, or on a value equal arguments make constant)
    nfold = sum(1 for r in results for x in r['imprecise'] if x[2] is None)
    for kind, rs in (('imprecise', imp), ('unsound', uns)):
        for r in rs[:args.show]:
            print('--- seed %d: %s lines %s (line: calls, inlined; None = no entry)'
                  % (r['seed'], kind, r[kind]))
            print(r['calls_text'])
            if kind == 'unsound':
                print('--- seed %d inlined by opt:' % r['seed'])
                print(r['inlined_text'])
        if rs:
            print('%s seeds: %s' % (kind, ' '.join(str(r['seed']) for r in rs[:40])))
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        for r in imp + uns:
            for suffix, key in (('.ll', 'calls_text'), ('-inlined.ll', 'inlined_text')):
                with open(os.path.join(args.keep, 's%d%s' % (r['seed'], suffix)), 'w') as f:
                    f.write(r[key])
    for e in errors:
        print('error:', e)
    print('calls_inline: %d modules (seeds %d..%d), %d barrier lines: %d agree, '
          '%d imprecise (divergent only across calls, in %d modules; %d of them folded '
          'away by the inliner), '
          '%d dead across calls (LLVM agrees), '
          '%d unsound (divergent only when inlined, in %d modules), %d errors'
          % (len(results), seeds[0], seeds[-1], agree + nimp + nuns + ndead, agree, nimp,
             len(imp), nfold, ndead, nuns, len(uns), len(errors)))
    return 1 if uns or errors else 0


if __name__ == '__main__':
    sys.exit(main())
