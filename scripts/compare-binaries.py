#!/usr/bin/env python3
"""Compares every verdict of two threadconv binaries on the project's IR inputs,
or, with --ptx, every output on its PTX inputs.

usage: compare-binaries.py --old BIN --new BIN [--clang clang-19] [--work DIR]
                           [--jobs N] [--libclc-dir /usr/lib/clc]
                           [--all-solvers] [--timeout SECONDS]
                           [--ptx [--ptx-dir DIR]...]

A change to the value analysis (or anything else) should change only the
verdicts it meant to: this runs OLD and NEW on the same inputs and lists
every verdict that differs.

Inputs
  - every tests/llvm/ir/*.ll, as is;
  - every tests/kernels/*.cu, *.cl and tests/kernels/disputed/*.cu, *.cl,
    compiled by clang (--clang, default clang-19) exactly as
    tests/kernels/run-kernels.py compiles them (its VARIANTS and
    kernels.compile_kernel, with -g): variant nvptx (both languages) at -O0,
    -O1 and -O2 to text IR and -O2 to bitcode; for OpenCL C also
    nvptx-libclc (the same plus -O0 -Xclang -disable-llvm-passes, libclc's
    nvptx64--nvidiacl.bc linked), amdgcn (-O0, -O2, builtins left as calls)
    and amdgcn-libclc (-O0, -O2, libclc's amdgcn--amdhsa.bc linked). A
    variant whose libclc file is missing from --libclc-dir, or an AMDGPU
    variant when clang has no amdgcn target, is skipped with a note.
  - with --ptx, instead: every *.ptx under tests/, and under each --ptx-dir
    (PTX made elsewhere: the fuzz seeds, nvcc's output), as is; nothing is
    compiled. A change to the PTX reader that only moves code should leave
    every output as it was, byte for byte.

Commands, each run with OLD and with NEW on each input
  analyze --format json FILE               (default solver, uniform marks used)
  analyze --format json --no-uniform FILE  (default solver, marks ignored)
  check --format json FILE                 (check mode: barriers not assumed)
  with --all-solvers also analyze --solver S [--no-uniform] for every other
  solver S that either binary's `analyze --help` lists;
  with --ptx also analyze FILE and check FILE (the text reports).

What is compared, per command
  - the exit code;
  - with --ptx, standard output byte for byte (the JSON reports as well as
    the text ones: a difference is listed as a diff of the lines);
  - standard error, line by line, after normalising: the binaries' paths
    become BIN, and durations, rates and sizes (12 ms, 3.5 s, 40 MB/s,
    205 MB) become placeholders;
  - the JSON report: the graphs (matched by name; added, removed or
    reordered graphs are differences); per graph its scalar fields (solver,
    sound, mode, use_uniform, entry, exit, and any field added later); per
    node (by name) its state, file and line and any other field; the uniform
    marks as sets: the nodes marked `uniform` (the branches the IR frontend
    finds uniform) and those `uniform_by_convergence`; per edge (by position,
    or, where the edge lists differ, by (from, to, occurrence)) its state;
    per barrier (by node) its state, in_edges_convergent (the rewrite
    verdict), position, and in check mode whether it is reported (state not
    C) and its causes, the notes' divergent branches and the thread-dependent
    value each depends on; the order of nodes, edges and barriers; keys at
    the top of the document other than "graphs".
What is ignored
  - the graph's `counts` when every node and edge state is the same (they
    are derived from those, and a changed state is already listed);
  - any field whose name says timing or statistics (time, seconds, ms,
    elapsed, duration, stats, rate, ...): threadconv prints none in JSON
    today and --stats is not passed, but a later field of that kind would
    only be noise;
  - without --ptx, the text of standard output beyond the JSON (there is
    none).

Output: every difference, grouped by input (file, variant, build: the -O
level and IR/bitcode) and command, as "graph G: node N: state: C -> U"
lines; then, per input category (tests/llvm/ir, kernels per variant,
disputed kernels per variant; with --ptx, the folder under tests/ or the
--ptx-dir), the inputs, commands and differences; then the totals. Exit status 0 when nothing differs, 1 when something does, 2 on
an error (a kernel that does not compile, a binary that crashes: a signal,
an exit code threadconv never gives, "stopped by SIG..." or another crash
message on standard error, a report that is not JSON, a time-out), also when
there are differences. An input that both binaries refuse alike (exit 2, the
same message) is neither a difference nor an error.

Inputs run in parallel (--jobs, default the number of CPUs). The compiled
kernels and every command's standard output and error (WORK/out/INPUT/
COMMAND.{old,new}.{stdout,stderr}) are kept in --work; without --work, in a
temporary directory that is removed when the result is 0 and kept (and
named) otherwise.
"""
import argparse, concurrent.futures, difflib, glob, importlib.util, json, os
import re, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS_DIR = os.path.join(ROOT, 'tests', 'kernels')
IR_DIR = os.path.join(ROOT, 'tests', 'llvm', 'ir')

# libclc bitcode per run-kernels.py variant that links it (as
# tests/kernels/CMakeLists.txt passes --libclc).
LIBCLC = {'nvptx-libclc': 'nvptx64--nvidiacl.bc', 'amdgcn-libclc': 'amdgcn--amdhsa.bc'}
AMDGPU_VARIANTS = ('amdgcn', 'amdgcn-libclc')

# Exit codes threadconv gives: analyze 0 or 2, check 0, 1 or 2.
EXPECTED_RC = {'analyze': {0, 2}, 'check': {0, 1, 2}}
# What threadconv (tools/isolate.c) or a runtime prints when something crashed.
CRASH = re.compile(r'stopped by SIG\w+|failed reading this input \(SIG\w+\)|'
                   r'LLVM ERROR|Assertion .* failed|AddressSanitizer|'
                   r'UndefinedBehaviorSanitizer|runtime error:|Segmentation fault|'
                   r'core dumped|PLEASE submit a bug report')
# Field names that are timing or statistics.
IGNORED_KEY = re.compile(r'(^|_)(time|times|timing|seconds|secs|ms|us|ns|elapsed|'
                         r'duration|stats|statistics|rate|rss|memory)($|_)', re.I)
# Timing and sizes in standard error.
TIME = re.compile(r'\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*(?:ns|us|µs|ms|s|sec|secs|seconds|min)\b')
RATE = re.compile(r'\d+(?:\.\d+)?\s*(?:[KMGT]i?B|B|bytes|lines|nodes|edges)/s\b')
SIZE = re.compile(r'\d+(?:\.\d+)?\s*(?:[KMGT]i?B|bytes)\b')


def load_run_kernels():
    """tests/kernels/run-kernels.py as a module (its compile logic: VARIANTS),
    with tests/kernels/kernels.py importable as kernels."""
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    if KERNELS_DIR not in sys.path:
        sys.path.insert(0, KERNELS_DIR)
    spec = importlib.util.spec_from_file_location(
        'run_kernels', os.path.join(KERNELS_DIR, 'run-kernels.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---- inputs ----------------------------------------------------------------

class Input:
    """One IR file to run the commands on: category, display name, variant and
    build (the run-kernels.py output suffix, e.g. O2.ll), the path, and, for
    kernels, how to compile it."""

    def __init__(self, category, src, variant, build, path, opts=None, flags=None):
        self.category, self.src, self.variant, self.build = category, src, variant, build
        self.path, self.opts, self.flags = path, opts, flags
        self.id = os.path.relpath(path, ROOT) if opts is None else os.path.relpath(
            path, os.path.dirname(os.path.dirname(path)))

    def describe(self):
        if self.opts is None:
            return self.src
        level = self.build.split('.')[0]
        kind = 'bitcode' if self.build.endswith('.bc') else 'text IR'
        return '%s  %s (%s)  variant %s' % (self.src, level, kind, self.variant)


def clang_targets(clang):
    try:
        p = subprocess.run([clang, '-print-targets'], capture_output=True, text=True)
    except OSError:
        return None
    return p.stdout if p.returncode == 0 else None


def collect_ptx(args):
    """--ptx: every *.ptx under tests/, then under each --ptx-dir, by name."""
    inputs = []
    tops = [os.path.join(ROOT, 'tests')] + args.ptx_dir
    for i, top in enumerate(tops):
        found = []
        for d, _, files in os.walk(top):
            found += [os.path.join(d, f) for f in files if f.endswith('.ptx')]
        for path in sorted(found):
            if i == 0:  # tests/: by its folder; outputs under out/tests/...
                inp = Input(os.path.relpath(os.path.dirname(path), ROOT),
                            os.path.relpath(path, ROOT), None, None, path)
            else:  # a --ptx-dir: outputs under out/ptx-dir-I/...
                inp = Input(top, os.path.relpath(path, top), None, None, path)
                inp.id = os.path.join('ptx-dir-%d' % i, os.path.relpath(path, top))
            inputs.append(inp)
    return inputs


def collect_inputs(args, rk, notes):
    """The inputs, in a fixed order; notes get what is skipped."""
    if args.ptx:
        return collect_ptx(args)
    inputs = []
    for ll in sorted(glob.glob(os.path.join(IR_DIR, '*.ll'))):
        inputs.append(Input('tests/llvm/ir', os.path.relpath(ll, ROOT), None, None, ll))
    sources = []
    for sub, cat in (('', 'kernels'), ('disputed', 'kernels/disputed')):
        d = os.path.join(KERNELS_DIR, sub)
        for ext in ('*.cu', '*.cl'):
            sources += [(cat, s) for s in glob.glob(os.path.join(d, ext))]
    sources.sort()
    targets = clang_targets(args.clang)
    if targets is None:
        notes.append('error: %s does not run: no kernel is compiled' % args.clang)
        args.errors.append('%s does not run' % args.clang)
        return inputs
    skipped = set()
    for variant, (triple, libclc, builds) in rk.VARIANTS.items():
        lib = None
        if libclc:
            lib = os.path.join(args.libclc_dir, LIBCLC.get(variant, ''))
            if variant not in LIBCLC or not os.path.isfile(lib):
                skipped.add(variant)
                notes.append('note: variant %s skipped: libclc bitcode %s not found' % (
                    variant, lib if variant in LIBCLC else '(unknown for this variant)'))
                continue
        if variant in AMDGPU_VARIANTS and 'amdgcn' not in targets:
            skipped.add(variant)
            notes.append('note: variant %s skipped: %s has no amdgcn target' % (
                variant, args.clang))
            continue
        flags = rk.kernels.opencl_flags(triple, lib) if triple else None
        for cat, src in sources:
            base = os.path.basename(src)
            stem, ext = os.path.splitext(base)
            if ext != '.cl' and variant != 'nvptx':
                continue
            prefix = stem if cat == 'kernels' else 'disputed.' + stem
            for suffix, opts in builds:
                out = os.path.join(args.work, 'ir', variant, '%s.%s' % (prefix, suffix))
                inputs.append(Input('%s %s' % (cat, variant), os.path.relpath(src, ROOT),
                                    variant, suffix, out, opts, flags))
    return inputs


# ---- commands --------------------------------------------------------------

def solvers_of(binary):
    """(default solver, solvers) from `binary analyze --help`."""
    p = subprocess.run([binary, 'analyze', '--help'], capture_output=True, text=True)
    text = p.stdout
    m = re.search(r'the default is ([\w-]+)', text)
    default = m.group(1) if m else None
    names = []
    m = re.search(r'^SOLVERS\n(.*?)(?=^\S|\Z)', text, re.M | re.S)
    if m:
        names = re.findall(r'^ {4}([a-z][\w-]*)(?: {2,}|$)', m.group(1), re.M)
    return default, names


def commands(args):
    """[(name, argv after the binary, without the file)]"""
    cmds = [('analyze', ['analyze', '--format', 'json']),
            ('analyze --no-uniform', ['analyze', '--format', 'json', '--no-uniform']),
            ('check', ['check', '--format', 'json'])]
    if args.ptx:
        cmds += [('analyze text', ['analyze']), ('check text', ['check'])]
    if args.all_solvers:
        defaults, names = set(), []
        for b in (args.old, args.new):
            d, n = solvers_of(b)
            defaults.add(d)
            names += [s for s in n if s not in names]
        for s in names:
            if s in defaults and len(defaults) == 1:
                continue  # the default solver: already run
            for extra in ([], ['--no-uniform']):
                argv = ['analyze', '--format', 'json', '--solver', s] + extra
                cmds.append((' '.join(['analyze', '--solver', s] + extra), argv))
    return cmds


def normalise_stderr(text, args):
    for b in (args.old_given, args.old, args.new_given, args.new):
        if b:
            text = text.replace(b, 'BIN')
    text = RATE.sub('<rate>', text)
    text = SIZE.sub('<size>', text)
    text = TIME.sub('<time>', text)
    return text.splitlines()


class Result:
    def __init__(self, rc, stdout, stderr, timed_out=False):
        self.rc, self.stdout, self.stderr, self.timed_out = rc, stdout, stderr, timed_out
        self.doc = None
        self.bad_json = None


def run_one(binary, argv, path, args, save):
    try:
        p = subprocess.run([binary] + argv + [path], capture_output=True, text=True,
                           errors='replace', timeout=args.timeout, cwd=ROOT)
        r = Result(p.returncode, p.stdout, p.stderr)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors='replace') if isinstance(e.stdout, bytes) else (e.stdout or '')
        err = e.stderr.decode(errors='replace') if isinstance(e.stderr, bytes) else (e.stderr or '')
        r = Result(None, out, err, timed_out=True)
    except OSError as e:
        r = Result(None, '', str(e))
    with open(save + '.stdout', 'w') as f:
        f.write(r.stdout)
    with open(save + '.stderr', 'w') as f:
        f.write(r.stderr)
    if r.stdout.strip() and 'json' in argv:
        try:
            r.doc = json.loads(r.stdout)
        except ValueError as e:
            r.bad_json = str(e)
    return r


def signame(rc):
    """An exit code as text; a signal (negative) by its name."""
    if rc is None:
        return 'did not run'
    if rc >= 0:
        return str(rc)
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return 'signal %d' % -rc


def crash_of(r, verb, json_report=True):
    """Why r is a crash of the binary, or None."""
    if r.timed_out:
        return 'timed out'
    if r.rc is None:
        return 'did not run: %s' % r.stderr.strip()
    if r.rc < 0:
        return 'killed by ' + signame(r.rc)
    if r.rc not in EXPECTED_RC[verb]:
        return 'exit code %d' % r.rc
    m = CRASH.search(r.stderr)
    if m:
        return 'crash message on stderr: %s' % m.group(0)
    if json_report and r.rc != 2 and r.doc is None:
        return 'report is not JSON: %s' % (r.bad_json or 'empty standard output')
    return None


# ---- comparison ------------------------------------------------------------

def fmt(v):
    if v is None:
        return '(absent)'
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, str):
        return v
    return json.dumps(v, sort_keys=True)


def short_path(p, args):
    if not isinstance(p, str):
        return p
    for base in (args.work, ROOT):
        if p.startswith(base + os.sep):
            return os.path.relpath(p, base)
    return p


def fmt_pos(d, args):
    if d.get('line') is None:
        return ''
    s = '%s:%s' % (short_path(d.get('file', '?'), args), d['line'])
    if d.get('column') is not None:
        s += ':%s' % d['column']
    return s


def fmt_causes(causes, args):
    if not causes:
        return '[]'
    parts = []
    for c in causes:
        s = str(c.get('node'))
        pos = fmt_pos(c, args)
        if pos:
            s += ' at ' + pos
        if c.get('depends_on') is not None:
            s += ' on ' + str(c['depends_on'])
        extra = {k: v for k, v in c.items()
                 if k not in ('node', 'file', 'line', 'column', 'depends_on')}
        if extra:
            s += ' ' + json.dumps(extra, sort_keys=True)
        parts.append(s)
    return '[' + '; '.join(parts) + ']'


def keyed(items, key):
    """name -> item (a repeated name gets #2, #3 ...), and the order of names."""
    out, order = {}, []
    for it in items:
        k = str(it.get(key)) if isinstance(it, dict) else repr(it)
        name, n = k, 1
        while name in out:
            n += 1
            name = '%s#%d' % (k, n)
        out[name] = it
        order.append(name)
    return out, order


def compare_fields(a, b, skip, where, diffs):
    for k in sorted(set(a) | set(b)):
        if k in skip or IGNORED_KEY.search(k):
            continue
        if a.get(k) != b.get(k):
            diffs.append('%s: %s: %s -> %s' % (where, k, fmt(a.get(k)), fmt(b.get(k))))


def compare_order(a_order, b_order, what, where, diffs):
    common = set(a_order) & set(b_order)
    ca = [x for x in a_order if x in common]
    cb = [x for x in b_order if x in common]
    if ca != cb:
        diffs.append('%s: order of %s differs' % (where, what))


def match(items_a, items_b, key, label, what, where, diffs, note=lambda it, old: ''):
    """Pairs two lists by key (keyed): an item of one side only is noted as
    'label(name): present -> absent' or 'absent -> present', with note(item,
    old) after it, and a change in the order of the common items too.
    Returns both maps and the common names in the old order."""
    ma, oa = keyed(items_a, key)
    mb, ob = keyed(items_b, key)
    for n in oa:
        if n not in mb:
            diffs.append('%s: present -> absent%s' % (label(n), note(ma[n], True)))
    for n in ob:
        if n not in ma:
            diffs.append('%s: absent -> present%s' % (label(n), note(mb[n], False)))
    compare_order(oa, ob, what, where, diffs)
    return ma, mb, [n for n in oa if n in mb]


def state_note(it, old):
    return ' (%s%s)' % ('was ' if old else '', fmt(it.get('state')))


def compare_nodes(ga, gb, g, diffs):
    na, nb, both = match(ga.get('nodes', []), gb.get('nodes', []), 'name',
                         lambda n: '%s: node %s' % (g, n), 'nodes', g, diffs, state_note)
    oa, ob = list(na), list(nb)
    for n in both:
        compare_fields(na[n], nb[n], {'name', 'uniform', 'uniform_by_convergence'},
                       '%s: node %s' % (g, n), diffs)
    for mark in ('uniform', 'uniform_by_convergence'):
        sa = {n for n in oa if na[n].get(mark)}
        sb = {n for n in ob if nb[n].get(mark)}
        only_a, only_b = sa - sb, sb - sa  # once: a graph may have 10^5 nodes
        for n in [x for x in oa if x in only_a] + [x for x in ob if x in only_b]:
            diffs.append('%s: node %s: %s: %s -> %s' % (
                g, n, mark, 'marked' if n in sa else 'unmarked',
                'marked' if n in sb else 'unmarked'))
    return na, nb


def edge_key(e):
    return '%s -> %s' % (e.get('from'), e.get('to'))


def compare_edges(ga, gb, g, diffs):
    ea, eb = ga.get('edges', []), gb.get('edges', [])
    if [edge_key(e) for e in ea] == [edge_key(e) for e in eb]:
        for i, (x, y) in enumerate(zip(ea, eb)):
            compare_fields(x, y, {'from', 'to'}, '%s: edge #%d %s' % (g, i, edge_key(x)), diffs)
        return
    # The edge lists differ: match by (from, to, occurrence).
    ka, kb, both = match([dict(e, _k=edge_key(e)) for e in ea],
                         [dict(e, _k=edge_key(e)) for e in eb], '_k',
                         lambda k: '%s: edge %s' % (g, k), 'edges', g, diffs, state_note)
    for k in both:
        compare_fields(ka[k], kb[k], {'from', 'to', '_k'}, '%s: edge %s' % (g, k), diffs)


def compare_barriers(ga, gb, g, check, args, diffs):
    def note(b, old):
        return '' if old else ' (state %s, in_edges_convergent %s)' % (
            fmt(b.get('state')), fmt(b.get('in_edges_convergent')))
    ba, bb, both = match(ga.get('barriers', []), gb.get('barriers', []), 'node',
                         lambda n: '%s: barrier %s' % (g, n), 'barriers', g, diffs, note)
    for n in both:
        x, y = ba[n], bb[n]
        pos = fmt_pos(x, args) or fmt_pos(y, args)
        where = '%s: barrier %s%s' % (g, n, ' (%s)' % pos if pos else '')
        if check and (x.get('state') != 'C') != (y.get('state') != 'C'):
            rep = lambda b: 'reported' if b.get('state') != 'C' else 'not reported'
            diffs.append('%s: %s -> %s (state %s -> %s)' % (
                where, rep(x), rep(y), fmt(x.get('state')), fmt(y.get('state'))))
        elif x.get('state') != y.get('state'):
            diffs.append('%s: state: %s -> %s' % (where, fmt(x.get('state')), fmt(y.get('state'))))
        if x.get('in_edges_convergent') != y.get('in_edges_convergent'):
            verdict = lambda v: {True: 'no-rewrite', False: 'rewrite'}.get(v, fmt(v))
            diffs.append('%s: in_edges_convergent: %s -> %s (%s -> %s)' % (
                where, fmt(x.get('in_edges_convergent')), fmt(y.get('in_edges_convergent')),
                verdict(x.get('in_edges_convergent')), verdict(y.get('in_edges_convergent'))))
        if x.get('causes') != y.get('causes'):
            diffs.append('%s: causes: %s -> %s' % (
                where, fmt_causes(x.get('causes'), args), fmt_causes(y.get('causes'), args)))
        compare_fields(x, y, {'node', 'state', 'in_edges_convergent', 'causes'}, where, diffs)


def compare_docs(da, db, check, args):
    diffs = []
    if not isinstance(da, dict) or not isinstance(db, dict):
        if da != db:
            diffs.append('report: %s -> %s' % (type(da).__name__, type(db).__name__))
        return diffs
    compare_fields(da, db, {'graphs'}, 'report', diffs)
    ga, gb, both = match(da.get('graphs', []), db.get('graphs', []), 'name',
                         lambda n: 'graph %s' % n, 'graphs', 'report', diffs)
    for n in both:
        x, y, g = ga[n], gb[n], 'graph %s' % n
        compare_fields(x, y, {'name', 'nodes', 'edges', 'barriers', 'counts'}, g, diffs)
        before = len(diffs)
        compare_nodes(x, y, g, diffs)
        compare_edges(x, y, g, diffs)
        if len(diffs) == before and x.get('counts') != y.get('counts'):
            diffs.append('%s: counts: %s -> %s' % (g, fmt(x.get('counts')), fmt(y.get('counts'))))
        compare_barriers(x, y, g, check, args, diffs)
    return diffs


def compare_runs(a, b, verb, args):
    diffs = []
    if a.timed_out or b.timed_out or a.rc != b.rc:
        st = lambda r: 'timed out' if r.timed_out else signame(r.rc)
        diffs.append('exit code: %s -> %s' % (st(a), st(b)))
    ea, eb = normalise_stderr(a.stderr, args), normalise_stderr(b.stderr, args)
    if ea != eb:
        lines = list(difflib.unified_diff(ea, eb, 'old', 'new', lineterm='', n=1))[2:]
        shown = lines[:40]
        if len(lines) > len(shown):
            shown.append('... (%d more lines)' % (len(lines) - len(shown)))
        diffs.append('stderr differs:\n' + '\n'.join('        ' + l for l in shown))
    if args.ptx and a.stdout != b.stdout:
        lines = list(difflib.unified_diff(a.stdout.splitlines(), b.stdout.splitlines(),
                                          'old', 'new', lineterm='', n=1))[2:]
        shown = lines[:40]
        if len(lines) > len(shown):
            shown.append('... (%d more lines)' % (len(lines) - len(shown)))
        diffs.append('stdout differs:\n' + '\n'.join('        ' + l for l in shown))
    if a.doc is not None and b.doc is not None:
        diffs += compare_docs(a.doc, b.doc, verb == 'check', args)
    elif (a.doc is None) != (b.doc is None):
        has = lambda r: 'JSON report' if r.doc is not None else 'no report'
        diffs.append('report: %s -> %s' % (has(a), has(b)))
    return diffs


# ---- driver ----------------------------------------------------------------

def process(inp, cmds, rk, args):
    """{'compile': error or None, 'runs': [(cmd name, argv, diffs)], 'errors': [...]}"""
    res = {'compile': None, 'runs': [], 'errors': []}
    if inp.opts is not None:
        os.makedirs(os.path.dirname(inp.path), exist_ok=True)
        src = os.path.join(ROOT, inp.src)
        err = rk.kernels.compile_kernel(args.clang, src, inp.path, inp.opts, inp.flags)
        if err:
            res['compile'] = err
            res['errors'].append('compile failed: ' + err.strip())
            return res
    out = os.path.join(args.work, 'out', inp.id)
    os.makedirs(out, exist_ok=True)
    for name, argv in cmds:
        verb = argv[0]
        save = os.path.join(out, name.replace(' ', '_').replace('--', ''))
        a = run_one(args.old, argv, inp.path, args, save + '.old')
        b = run_one(args.new, argv, inp.path, args, save + '.new')
        for which, r in (('OLD', a), ('NEW', b)):
            why = crash_of(r, verb, 'json' in argv)
            if why:
                res['errors'].append('%s %s: %s (%s)' % (which, name, why, save))
        res['runs'].append((name, argv, compare_runs(a, b, verb, args)))
    return res


def version(binary):
    try:
        p = subprocess.run([binary, '--version'], capture_output=True, text=True, timeout=30)
        return (p.stdout or p.stderr).strip().splitlines()[0] if (p.stdout or p.stderr).strip() else '?'
    except (OSError, subprocess.TimeoutExpired) as e:
        return 'does not run: %s' % e


def main():
    ap = argparse.ArgumentParser(
        description='Compare the verdicts of two threadconv binaries on the project\'s IR inputs.')
    ap.add_argument('--old', required=True, help='the threadconv binary before the change')
    ap.add_argument('--new', required=True, help='the threadconv binary after the change')
    ap.add_argument('--clang', default='clang-19', help='clang to compile the kernels (clang-19)')
    ap.add_argument('--work', default=None,
                    help='where compiled kernels and outputs go (default: a temporary directory)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1,
                    help='inputs run in parallel (default: number of CPUs)')
    ap.add_argument('--libclc-dir', default='/usr/lib/clc',
                    help="libclc's bitcode libraries (default /usr/lib/clc)")
    ap.add_argument('--all-solvers', action='store_true',
                    help='also run analyze with every other solver, with and without --no-uniform')
    ap.add_argument('--timeout', type=float, default=300,
                    help='seconds one threadconv command may take (default 300)')
    ap.add_argument('--ptx', action='store_true',
                    help='the PTX inputs instead (every *.ptx under tests/), text reports '
                    'too, standard output compared byte for byte')
    ap.add_argument('--ptx-dir', action='append', default=[], metavar='DIR',
                    help='with --ptx, the *.ptx files under DIR as well (repeatable)')
    args = ap.parse_args()
    t0 = time.monotonic()

    args.old_given, args.new_given = args.old, args.new
    for attr in ('old', 'new'):
        b = getattr(args, attr)
        path = os.path.abspath(b) if os.sep in b else shutil.which(b)
        if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
            print('compare-binaries: error: --%s %s is not an executable file' % (attr, b),
                  file=sys.stderr)
            return 2
        setattr(args, attr, path)
    temp = args.work is None
    args.work = os.path.abspath(args.work or tempfile.mkdtemp(prefix='compare-binaries.'))
    os.makedirs(args.work, exist_ok=True)
    args.libclc_dir = os.path.abspath(args.libclc_dir)
    args.errors = []

    if args.ptx_dir and not args.ptx:
        print('compare-binaries: error: --ptx-dir needs --ptx', file=sys.stderr)
        return 2
    args.ptx_dir = [os.path.abspath(d) for d in args.ptx_dir]
    try:
        rk = None if args.ptx else load_run_kernels()
    except Exception as e:  # the tests' scripts are edited by others: say so plainly
        print('compare-binaries: error: cannot load tests/kernels/run-kernels.py: %s' % e,
              file=sys.stderr)
        return 2
    notes = []
    inputs = collect_inputs(args, rk, notes)
    cmds = commands(args)

    print('old: %s (%s)' % (args.old, version(args.old)))
    print('new: %s (%s)' % (args.new, version(args.new)))
    print('work: %s' % args.work)
    print('commands: %s' % ', '.join(n for n, _ in cmds))
    for n in notes:
        print(n)
    print()
    sys.stdout.flush()

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(process, inp, cmds, rk, args) for inp in inputs]
        results = []
        for f in futures:
            try:
                results.append(f.result())
            except Exception as e:  # a bug here, not a difference: an error
                results.append({'compile': None, 'runs': [], 'errors': ['internal: %r' % e]})

    cats = {}
    total_diffs = runs = 0
    differing = 0
    errors = list(args.errors)
    for inp, res in zip(inputs, results):
        c = cats.setdefault(inp.category, {'inputs': 0, 'commands': 0, 'diffs': 0,
                                           'differing': 0, 'errors': 0})
        c['inputs'] += 1
        c['commands'] += len(res['runs'])
        n = sum(len(d) for _, _, d in res['runs'])
        c['diffs'] += n
        c['errors'] += len(res['errors'])
        runs += len(res['runs'])
        total_diffs += n
        errors += ['%s: %s' % (inp.describe(), e) for e in res['errors']]
        if n:
            c['differing'] += 1
            differing += 1
            print('== %s' % inp.describe())
            for name, argv, diffs in res['runs']:
                if not diffs:
                    continue
                print('  -- %s' % ' '.join(argv + [short_path(inp.path, args)]))
                for d in diffs:
                    print('    ' + d)
            print()

    if errors:
        print('Errors:')
        for e in errors:
            print('  ' + e.replace('\n', '\n    '))
        print()

    print('Summary per input category:')
    width = max([len(k) for k in cats] + [8])
    print('  %-*s %7s %9s %12s %11s %7s' % (width, 'category', 'inputs', 'commands',
                                            'differences', 'differing', 'errors'))
    for k in sorted(cats, key=lambda k: (k != 'tests/llvm/ir', not k.startswith('tests'), k)):
        c = cats[k]
        print('  %-*s %7d %9d %12d %11d %7d' % (width, k, c['inputs'], c['commands'],
                                                c['diffs'], c['differing'], c['errors']))
    print()
    failed = sum(1 for r in results if r['compile'])
    print('Totals: %d inputs compared%s, %d commands run (each with OLD and NEW: %d runs), '
          '%d differences in %d inputs, %d errors; %.1f s' % (
              len(inputs) - failed, ' (%d more did not compile)' % failed if failed else '',
              runs, 2 * runs, total_diffs, differing, len(errors), time.monotonic() - t0))
    rc = 2 if errors else 1 if total_diffs else 0
    if temp and rc == 0:
        shutil.rmtree(args.work, ignore_errors=True)
    elif temp:
        print('work files kept in %s' % args.work)
    return rc


if __name__ == '__main__':
    sys.exit(main())
