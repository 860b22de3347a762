#!/usr/bin/env python3
"""Checks threadconv's verdicts on hand-written SPIR-V assembly files.

usage: run-spirv.py --bin THREADCONV [--spirv-val SPIRV_VAL] FILE.spvasm...

Each FILE.spvasm (in this folder) carries its expectations in ';' comments
on the line of the instruction they are about, with the meanings of
tests/kernels/run-kernels.py:

  ; expect: no-rewrite | rewrite   on a workgroup barrier's line (an
                                   OpControlBarrier, or an OpFunctionCall of a
                                   function that executes one): analyze's
                                   in_edges_convergent (true = no-rewrite)
  ; check: ok | divergent [on V]   on the same line: does `threadconv check`
                                   report it (state U)? With "on V", one of its
                                   causes must depend on V
  ; dead                           optional: the barrier is dead (state -)
  ; subgroup                       a barrier of one subgroup: not a node
  ; target-env: ENV                anywhere: the environment spirv-val checks
                                   the file in (default vulkan1.1)

A module without OpLine has its instructions at their lines of the .spvasm;
one with OpLine has them where its OpLine instructions say, in the files its
OpString instructions name (found beside the .spvasm), whose markers are
'//' comments, as in tests/kernels.

For each file the script runs, in the file's folder,

  spirv-as, spirv-val (with --spirv-val)   the file must be valid SPIR-V;
  threadconv analyze --format json FILE    exit 0, nothing on stderr; every
      barrier of every graph on a line with "expect:", with that verdict and
      state, and every such line holding a barrier; no barrier on a
      "subgroup" line;
  threadconv check --format json FILE      the barriers reported exactly on
      the "check: divergent" lines, in entry points and other functions
      alike (a barrier in a function that is not an entry point is judged
      in every calling context), every reported barrier of such a function
      with the "calls" that lead to it from an entry point; on the line of
      a call of a function that executes a barrier (listed with "call", no
      finding itself), "check: divergent" says that only some invocations
      reach the call (its state U); exit 1 when something is reported,
      else 0;
  threadconv check FILE                    one warning per reported barrier
      in the text report, at the same line (the warnings about collectives,
      subgroup barriers among them, are not judged here: see
      collectives/*.cmd).
"""
import argparse, importlib.util, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'kernels'))
import kernels  # noqa: E402  (run_all)

_spec = importlib.util.spec_from_file_location(
    'run_kernels', os.path.join(HERE, '..', 'kernels', 'run-kernels.py'))
run_kernels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_kernels)

SEMI = {
    'expect': re.compile(r';\s*expect:\s*(no-rewrite|rewrite)\b'),
    'check': re.compile(r';\s*check:\s*(divergent|ok)\b(?:\s+on\s+(\S+))?'),
    'dead': re.compile(r';\s*dead\b'),
    'subgroup': re.compile(r';\s*subgroup\s*$'),
}
SLASH = {
    'expect': run_kernels.EXPECT,
    'check': run_kernels.CHECK,
    'dead': re.compile(r'//\s*dead\b'),
    'subgroup': re.compile(r'//\s*subgroup\s*$'),
}
TARGET_ENV = re.compile(r';\s*target-env:\s*(\S+)')
ENTRY_POINT = re.compile(r'OpEntryPoint\s+\w+\s+%\S+\s+"([^"]*)"')
OPSTRING = re.compile(r'OpString\s+"([^"]+)"')
WARNING = re.compile(r'^(.*?):(\d+):(?:\d+:)? warning: .*\[(-W[\w-]+)\]$')


class Marks:
    """The markers of a .spvasm and of the files its OpString names, keyed
    by (file name, line)."""

    def __init__(self, path):
        self.base = os.path.basename(path)
        with open(path) as f:
            self.text = f.read()
        m = TARGET_ENV.search(self.text)
        self.env = m.group(1) if m else 'vulkan1.1'
        self.expect, self.check, self.dead, self.subgroup = {}, {}, set(), set()
        self.problems = []
        folder = os.path.dirname(os.path.abspath(path))
        sources = [(self.base, SEMI)]
        for name in sorted(set(OPSTRING.findall(self.text))):
            if os.path.exists(os.path.join(folder, name)):
                sources.append((name, SLASH))
        for name, rx in sources:
            with open(os.path.join(folder, name)) as f:
                for n, line in enumerate(f, 1):
                    m = rx['expect'].search(line)
                    if m:
                        self.expect[name, n] = m.group(1) == 'no-rewrite'
                    m = rx['check'].search(line)
                    if m:
                        self.check[name, n] = (m.group(1) == 'divergent', m.group(2))
                    if rx['dead'].search(line):
                        self.dead.add((name, n))
                    if rx['subgroup'].search(line):
                        self.subgroup.add((name, n))
        for k in sorted(set(self.expect) ^ set(self.check)):
            self.problems.append('%s:%d: "expect:" and "check:" go together' % k)


def run(args, cmd, folder):
    p = subprocess.run([args.bin] + cmd, cwd=folder, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def validate(args, path, env):
    """spirv-as then spirv-val; a problem or None."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'm.spv')
        p = subprocess.run([args.spirv_as, '--target-env', env, path, '-o', out],
                           capture_output=True, text=True)
        if p.returncode:
            return '%s: spirv-as rejects it:\n%s' % (os.path.basename(path), p.stderr)
        p = subprocess.run([args.spirv_val, '--target-env', env, out],
                           capture_output=True, text=True)
        if p.returncode:
            return '%s: spirv-val (%s) rejects it:\n%s' % (os.path.basename(path), env, p.stderr)
    return None


def check_file(args, path):
    folder, name = os.path.split(os.path.abspath(path))
    marks = Marks(path)
    problems = list(marks.problems)
    if not marks.expect:
        problems.append('%s: no "expect:" markers' % name)
    if args.spirv_val:
        bad = validate(args, path, marks.env)
        if bad:
            problems.append(bad)
    status, out, err = run(args, ['analyze', '--format', 'json', name], folder)
    if status != 0 or err:
        return problems + ['%s: threadconv analyze exited %d:\n%s' % (name, status, err)]
    seen = set()
    entries = set()
    for g in json.loads(out)['graphs']:
        for b in g['barriers']:
            key = (b.get('file') or '', b.get('line'))
            where = '%s: graph %s: barrier %s' % (name, g['name'], b['node'])
            if key[1] is None:
                problems.append('%s: no position' % where)
                continue
            at = '%s:%d' % key
            if key in marks.subgroup:
                problems.append('%s: %s is a subgroup barrier, not a node' % (where, at))
                continue
            if key not in marks.expect:
                problems.append('%s: %s has no "expect:"' % (where, at))
                continue
            seen.add(key)
            if b['in_edges_convergent'] != marks.expect[key]:
                problems.append('%s: %s: expected %s, got %s' % (
                    where, at, 'no-rewrite' if marks.expect[key] else 'rewrite',
                    'no-rewrite' if b['in_edges_convergent'] else 'rewrite'))
            if (key in marks.dead) != (b['state'] == '-'):
                problems.append('%s: %s: state %s, %s' % (
                    where, at, b['state'],
                    'expected dead' if key in marks.dead else 'dead without "dead"'))
    for key in sorted(set(marks.expect) - seen):
        problems.append('%s: no barrier at %s:%d' % (name, key[0], key[1]))
    status, out, err = run(args, ['check', '--format', 'json', name], folder)
    if status not in (0, 1):
        return problems + ['%s: threadconv check exited %d:\n%s' % (name, status, err)]
    doc = json.loads(out)
    reported, warnings, judged = 0, set(), set()
    entries = set(ENTRY_POINT.findall(marks.text))
    calls = {}  # (file, line) of a call that executes a barrier -> (where, U?)
    for g in doc['graphs']:
        for b in g['barriers']:
            key = (b.get('file') or '', b.get('line'))
            where = '%s: check: graph %s: barrier %s' % (name, g['name'], b['node'])
            # a copy (an unrolled loop's) whose finding is an earlier one's
            f = g['barriers'][b['merged_into']] if 'merged_into' in b else b
            if 'call' in b:  # judged through the barriers in the callee
                calls[key] = (where, calls.get(key, (where, False))[1] or b['state'] == 'U')
                continue
            divergent = b['state'] == 'U'
            reported += divergent
            if divergent:
                warnings.add(key)
            if divergent and g['name'] not in entries and (
                    not f.get('calls') or f['calls'][0].get('function') != g['name'] or
                    f['calls'][-1].get('caller') not in entries):
                problems.append('%s: reported in a function that is no entry point without '
                                'the calls from one: %s' % (where, f.get('calls')))
            if key not in marks.check:
                if divergent:
                    problems.append('%s: %s:%s reported, has no marker' % (where, key[0], key[1]))
                continue
            judged.add(key)
            want, value = marks.check[key]
            if divergent != want:
                problems.append('%s: %s:%d: expected %s, got %s' % (
                    where, key[0], key[1], 'divergent' if want else 'ok',
                    'divergent' if divergent else 'ok'))
            elif value and value not in {c.get('depends_on') for c in f.get('causes', [])}:
                problems.append('%s: %s:%d: no cause depends on %s (causes: %s)' % (
                    where, key[0], key[1], value, f.get('causes')))
    for key, (where, divergent) in sorted(calls.items()):
        if key not in marks.check or key in judged:
            continue
        judged.add(key)
        if marks.check[key][0] != divergent:
            problems.append('%s: %s:%d: the call: expected %s, got %s' % (
                where, key[0], key[1], 'divergent' if marks.check[key][0] else 'ok',
                'divergent' if divergent else 'ok'))
    for key in sorted(set(marks.check) - judged):
        if marks.check[key][0]:
            problems.append('%s: check: no entry point barrier at %s:%d' % (name, key[0], key[1]))
    if status != (1 if reported else 0):
        problems.append('%s: check exited %d with %d barrier(s) reported' % (name, status, reported))
    tstatus, out, err = run(args, ['check', name], folder)
    got = {(m.group(1), int(m.group(2))) for m in map(WARNING.match, out.splitlines())
           if m and m.group(3) in ('-Wbarrier-divergence', '-Wbarrier-after-exit',
                                   '-Wpartial-barrier')}
    if tstatus != status:
        problems.append('%s: check (text) exited %d, with --format json %d' % (name, tstatus, status))
    for w in sorted(warnings ^ got):
        problems.append('%s: check (text): warnings differ at %s:%s' % (name, w[0], w[1]))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--spirv-val')
    ap.add_argument('--spirv-as', default='spirv-as')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)
    return kernels.run_all(check_file, args, args.files, 'file(s)')


if __name__ == '__main__':
    sys.exit(main())
