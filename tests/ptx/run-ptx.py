#!/usr/bin/env python3
"""Checks threadconv's verdicts on hand-written PTX files.

usage: run-ptx.py --bin THREADCONV [--ptxas PTXAS] FILE.ptx...

Each FILE.ptx (in this folder) carries its expectations in comments, with
the meanings of tests/kernels/run-kernels.py:

  // expect: no-rewrite | rewrite   on a block barrier's line: analyze's
                                    in_edges_convergent (true = no-rewrite)
  // check: ok | divergent [on V]   on the same line: does `threadconv check`
                                    report the barrier (state U)? With "on V",
                                    one of its causes must depend on V
  // partial: ok | divergent        on a partial barrier's line (one with a
                                    thread count): does check report it
                                    (-Wpartial-barrier)?
  // node: NAME                     optional: the barrier's node name
  // dead                           optional: the barrier is dead (state -)
  // options: ARGS...               anywhere in the file: extra arguments of
                                    both analyze and check

Without .loc lines the positions are the PTX file's own, so the markers are
on the instruction's line (the line where it starts when it spans several).
A file with .file/.loc debug lines has its barriers at the .loc positions:
the markers are then read from the files that its .file directives name
(found beside the .ptx), and positions are matched by file name (as the
.file line writes it) and line.

For each file the script runs, in the file's folder,

  threadconv analyze --format json ARGS FILE   exit 0, nothing on stderr;
      one graph per .entry and per .func with a body, entries first, each
      in file order, named after the function, with the exit <exit>;
      every barrier of every graph on a line with "expect:", with that
      verdict, and every such line holding a barrier; every partial barrier
      (the graph's "partial_barriers", there only in graphs that have some)
      on a "partial:" line and every such line holding one; positions with
      "file" and "line";
  threadconv check --format json ARGS FILE     the barriers reported (state
      U) exactly on the "check: divergent" lines, in entries and .funcs
      alike (a barrier in a .func is judged in every calling context), the
      partial ones exactly on the "partial: divergent" lines, every
      "check:" and "partial:" line of an entry (or of a source named by
      .file) seen; on the line of a call of a .func that executes a
      barrier (listed with "call", no finding itself), "check: divergent"
      says that only some threads reach the call (its state U), and every
      reported barrier in a .func has the "calls" that lead to it from an
      entry; column given,
      and, for positions in the .ptx itself, the column of the instruction
      (its guard or its opcode); exit 1 when something is reported, else 0;
  threadconv check ARGS FILE                   the text report: one warning
      per reported barrier, at the same line, tagged [-Wbarrier-divergence]
      for block barriers and [-Wpartial-barrier] for partial ones; the same
      exit status.

Every "expect:" line must carry "check:" and the other way round; a line
may not carry both "expect:" and "partial:". With --ptxas, the file must
also assemble (ptxas -c -arch=sm_75, or the file's .target when it names a
later sm_NN), to keep the hand-written PTX valid.
"""
import argparse, importlib.util, json, os, re, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'run_kernels', os.path.join(HERE, '..', 'kernels', 'run-kernels.py'))
sys.path.insert(0, os.path.join(HERE, '..', 'kernels'))
import kernels  # noqa: E402  (run_all)
run_kernels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_kernels)
# the "expect:" and "check:" markers, read as run-kernels.py reads them
expectations = run_kernels.expectations
check_markers = run_kernels.check_markers

PARTIAL = re.compile(r'//\s*partial:\s*(divergent|ok)\b')
NODE = re.compile(r'//\s*node:\s*(\S+)')
DEAD = re.compile(r'//\s*dead\b')
OPTIONS = re.compile(r'^\s*//\s*options:(.*)$', re.M)
FILE_DIRECTIVE = re.compile(r'^\s*\.file\s+\d+\s+"([^"]*)"', re.M)
WARNING = re.compile(r'^(.*?):(\d+):(\d+): warning: .*\[(-W[\w-]+)\]$')
ENTRY = re.compile(r'\.entry\s+([\w$.]+)')
FUNC = re.compile(r'\.func\s+(?:\([^)]*\)\s*)?([\w$.]+)')
TARGET = re.compile(r'^\s*\.target\s+(sm_(\d+)[af]?)\b', re.M)


def strip_comments(text):
    """text with every comment blanked (newlines kept, so that offsets and
    line numbers stay)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


def functions(text):
    """[(name, is_entry, first_line, last_line)] of the functions with a
    body, in file order; the lines are those of the body's braces."""
    code = strip_comments(text)
    found = []
    for m in re.finditer(r'\.(entry|func)\b', code):
        fm = (ENTRY if m.group(1) == 'entry' else FUNC).match(code, m.start())
        if not fm:
            continue
        # the body is the first "{" after the parameter list, unless a ";"
        # (a declaration) comes first
        depth, i = 0, fm.end()
        while i < len(code):
            c = code[i]
            if c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
            elif depth == 0 and c in ';{':
                break
            i += 1
        if i >= len(code) or code[i] == ';':
            continue
        start, depth = i, 0
        while i < len(code):
            depth += {'{': 1, '}': -1}.get(code[i], 0)
            if depth == 0:
                break
            i += 1
        found.append((fm.group(1), m.group(1) == 'entry',
                      code.count('\n', 0, start) + 1, code.count('\n', 0, i) + 1))
    return found


def line_markers(path, regex):
    with open(path) as f:
        return {n: m for n, line in enumerate(f, 1) for m in [regex.search(line)] if m}


class Marks:
    """The markers of a .ptx file and of the sources its .file lines name,
    keyed by (file name, line)."""

    def __init__(self, ptx):
        self.base = os.path.basename(ptx)
        with open(ptx) as f:
            self.text = f.read()
        self.lines = self.text.split('\n')
        sources = [self.base] + sorted(set(FILE_DIRECTIVE.findall(self.text)))
        self.expect, self.check, self.partial, self.node, self.dead = {}, {}, {}, {}, set()
        self.problems = []
        folder = os.path.dirname(ptx)
        for name in sources:
            path = os.path.join(folder, name)
            if not os.path.exists(path):
                self.problems.append('%s: source %s named by .file not found' % (self.base, name))
                continue
            key = name
            for line, v in expectations(path).items():
                self.expect[key, line] = v
            for line, v in check_markers(path).items():
                self.check[key, line] = v
            for line, m in line_markers(path, PARTIAL).items():
                self.partial[key, line] = m.group(1) == 'divergent'
            for line, m in line_markers(path, NODE).items():
                self.node[key, line] = m.group(1)
            self.dead |= {(key, line) for line in line_markers(path, DEAD)}
        for k in sorted(set(self.expect) ^ set(self.check)):
            self.problems.append('%s:%d: "expect:" and "check:" go together' % k)
        for k in sorted(set(self.expect) & set(self.partial)):
            self.problems.append('%s:%d: a block barrier or a partial one, not both' % k)
        self.funcs = functions(self.text)
        self.options = [a for m in OPTIONS.findall(self.text) for a in shlex.split(m)]

    def function_at(self, key):
        """(name, is_entry) of the function whose body holds key, if in the
        .ptx; None for a line of another source."""
        if key[0] != self.base:
            return None
        for name, entry, first, last in self.funcs:
            if first <= key[1] <= last:
                return name, entry
        return None

    def in_func(self, key):
        f = self.function_at(key)
        return f is not None and not f[1]

    def column_ok(self, key, col):
        """Is col (1-based) where an instruction, its guard or its opcode,
        starts on that line of the .ptx?"""
        if key[0] != self.base or key[1] > len(self.lines):
            return True
        text = self.lines[key[1] - 1]
        if not 1 <= col <= len(text):
            return False
        before = text[:col - 1].rstrip()
        return (not before or before.endswith((';', ':', '{', '*/'))
                or re.search(r'@!?%[\w$]+$', before) is not None) and not text[col - 1].isspace()


def run(args, cmd, folder):
    p = subprocess.run([args.bin] + cmd, cwd=folder, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def where_of(b):
    """(file, line) of a barrier object: the file as the report names it,
    which must be the .ptx's name as given (the command runs in its folder)
    or a .file name exactly as written."""
    return (b.get('file') or '', b.get('line'))


def check_analyze(marks, doc, name):
    problems = []
    want_graphs = ([f[0] for f in marks.funcs if f[1]] + [f[0] for f in marks.funcs if not f[1]])
    got_graphs = [g['name'] for g in doc['graphs']]
    if got_graphs != want_graphs:
        problems.append('%s: graphs %s, expected %s' % (name, got_graphs, want_graphs))
    seen, seen_partial = set(), set()
    for g in doc['graphs']:
        if g['exit'] != '<exit>':
            problems.append('%s: graph %s: exit node %s, not <exit>' % (name, g['name'], g['exit']))
        # "partial_barriers" is there only in graphs that have some
        for kind, objs in (('barrier', g['barriers']),
                           ('partial barrier', g.get('partial_barriers', []))):
            for b in objs:
                where = '%s: graph %s: %s %s' % (name, g['name'], kind, b['node'])
                key = where_of(b)
                if key[1] is None or not key[0]:
                    problems.append('%s: no position (%s)' % (where, b))
                    continue
                at = '%s:%d' % key
                if kind == 'barrier':
                    if key not in marks.expect:
                        problems.append('%s: %s has no "expect:"' % (where, at))
                        continue
                    seen.add(key)
                    if b['in_edges_convergent'] != marks.expect[key]:
                        problems.append('%s: %s: expected %s, got %s' % (
                            where, at, 'no-rewrite' if marks.expect[key] else 'rewrite',
                            'no-rewrite' if b['in_edges_convergent'] else 'rewrite'))
                else:
                    if key not in marks.partial:
                        problems.append('%s: %s has no "partial:"' % (where, at))
                        continue
                    seen_partial.add(key)
                if key in marks.node and marks.node[key] != b['node']:
                    problems.append('%s: %s: expected node %s' % (where, at, marks.node[key]))
                if (key in marks.dead) != (b['state'] == '-'):
                    problems.append('%s: %s: state %s, %s' % (
                        where, at, b['state'], 'expected dead' if key in marks.dead
                        else 'dead without "// dead"'))
    for key in sorted(set(marks.expect) - seen):
        problems.append('%s: no barrier at %s:%d' % (name, key[0], key[1]))
    for key in sorted(set(marks.partial) - seen_partial):
        problems.append('%s: no partial barrier at %s:%d' % (name, key[0], key[1]))
    return problems


def check_check(marks, doc, status, name):
    """Problems with check's JSON; returns (problems, the expected warnings
    as a set of (file, line, tag))."""
    problems, warnings, reported = [], set(), 0
    seen = set()
    calls = {}  # (file, line) of a call that executes a barrier -> (where, U?)
    entries = {f[0] for f in marks.funcs if f[1]}
    for g in doc['graphs']:
        for kind, objs, want, tag in (
                ('barrier', g['barriers'], marks.check, '-Wbarrier-divergence'),
                ('partial barrier', g.get('partial_barriers') or [], marks.partial,
                 '-Wpartial-barrier')):
            for b in objs:
                where = '%s: check: graph %s: %s %s' % (name, g['name'], kind, b['node'])
                # a copy (an unrolled loop's) whose finding is an earlier one's
                f = objs[b['merged_into']] if 'merged_into' in b else b
                key = where_of(b)
                if 'call' in b:  # judged through the barriers in the callee
                    was = calls.get(key, (where, False))[1]
                    calls[key] = (where, was or b['state'] == 'U')
                    continue
                divergent = b['state'] == 'U'
                reported += divergent
                if divergent and g['name'] not in entries and (
                        not f.get('calls') or f['calls'][0].get('function') != g['name'] or
                        f['calls'][-1].get('caller') not in entries):
                    problems.append('%s: reported in a .func without the calls from an entry: %s'
                                    % (where, f.get('calls')))
                if divergent:  # missed only by threads that left: its own rule
                    warnings.add(key + ('-Wbarrier-after-exit' if f.get('after_exit') else tag,))
                if key[1] is None:
                    problems.append('%s: no position' % where)
                    continue
                at = '%s:%d' % key
                if b.get('column') is None:
                    problems.append('%s: %s: no column' % (where, at))
                elif not marks.column_ok(key, b['column']):
                    problems.append('%s: %s: column %d is not where the instruction starts' % (
                        where, at, b['column']))
                if key not in want:
                    if divergent:
                        problems.append('%s: %s reported, has no marker' % (where, at))
                    continue
                seen.add(key)
                expected = want[key][0] if kind == 'barrier' else want[key]
                if divergent != expected:
                    problems.append('%s: %s: expected %s, got %s' % (
                        where, at, 'divergent' if expected else 'ok',
                        'divergent' if divergent else 'ok'))
                elif kind == 'barrier' and want[key][1] and want[key][1] not in {
                        c.get('depends_on') for c in f.get('causes', [])}:
                    problems.append('%s: %s: no cause depends on %s (causes: %s)' % (
                        where, at, want[key][1], f.get('causes')))
    for key, (where, divergent) in sorted(calls.items()):
        if key not in marks.check:
            continue
        seen.add(key)
        if marks.check[key][0] != divergent:
            problems.append('%s: %s:%d: the call: expected %s, got %s' % (
                where, key[0], key[1], 'divergent' if marks.check[key][0] else 'ok',
                'divergent' if divergent else 'ok'))
    for key in sorted(set(marks.check) | set(marks.partial)):
        if key not in seen and not marks.in_func(key):
            problems.append('%s: check: no barrier at %s:%d' % (name, key[0], key[1]))
    if status != (1 if reported else 0):
        problems.append('%s: check exited %d with %d barrier(s) reported' % (name, status, reported))
    return problems, warnings


def check_file(args, ptx):
    folder, name = os.path.split(os.path.abspath(ptx))
    marks = Marks(ptx)
    problems = list(marks.problems)
    if not marks.expect and not marks.partial:
        problems.append('%s: no "expect:" or "partial:" markers' % name)
    if args.ptxas:
        # the file's own .target when it needs a newer one (cp.async: sm_80)
        m = TARGET.search(marks.text)
        arch = m.group(1) if m and int(m.group(2)) > 75 else 'sm_75'
        p = subprocess.run([args.ptxas, '-c', '-arch=' + arch, name, '-o', os.devnull],
                           cwd=folder, capture_output=True, text=True)
        if p.returncode != 0:
            problems.append('%s: ptxas rejects it:\n%s' % (name, p.stderr))
    status, out, err = run(args, ['analyze', '--format', 'json'] + marks.options + [name], folder)
    if status != 0 or err:
        return problems + ['%s: threadconv analyze exited %d:\n%s' % (name, status, err)]
    problems += check_analyze(marks, json.loads(out), name)
    status, out, err = run(args, ['check', '--format', 'json'] + marks.options + [name], folder)
    if status not in (0, 1):
        return problems + ['%s: threadconv check exited %d:\n%s' % (name, status, err)]
    more, warnings = check_check(marks, json.loads(out), status, name)
    problems += more
    tstatus, out, err = run(args, ['check'] + marks.options + [name], folder)
    if tstatus != status:
        problems.append('%s: check (text) exited %d, with --format json %d' % (name, tstatus, status))
    got = set()
    for line in out.splitlines():
        m = WARNING.match(line)
        if m:
            got.add((m.group(1), int(m.group(2)), m.group(4)))
        elif ': warning: ' in line:
            problems.append('%s: check (text): a warning without a position or a tag: %s' % (
                name, line))
    for w in sorted(warnings - got):
        problems.append('%s: check (text): no warning %s at %s:%d' % (name, w[2], w[0], w[1]))
    for w in sorted(got - warnings):
        problems.append('%s: check (text): unexpected warning %s at %s:%d' % (name, w[2], w[0], w[1]))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--ptxas')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)
    return kernels.run_all(check_file, args, args.files, 'file(s)')


if __name__ == '__main__':
    sys.exit(main())
