#!/usr/bin/env python3
"""Compiles the test kernels with clang and checks threadconv's verdicts.

usage: run-kernels.py --bin THREADCONV --clang CLANG --work DIR KERNEL...

Each KERNEL (.cu: CUDA without the CUDA headers; .cl: OpenCL C) is compiled
for NVPTX at -O0, -O1 and -O2 to text IR, and at -O2 to bitcode, with -g. Every
barrier call in the source carries a comment "// expect: no-rewrite" (all its
in-edges convergent) or "// expect: rewrite" (it needs the warp-synchronous
rewrite). In the JSON report of `threadconv analyze` on each compiled file,
every barrier must have a position in the kernel's source, on a line that
carries an expectation, and the verdict expected there; and every line that
carries one must have a barrier.

Check mode: a barrier line may also carry "// check: divergent" (optionally
followed by "on VALUE", the thread-dependent value a note must name) or
"// check: ok". `threadconv check --format json` must report (state U)
exactly the barriers on "divergent" lines, none on "ok" lines, no barrier on
an unmarked line, and exit 1 when it reports something, 0 otherwise.
"""
import json, os, re, subprocess, sys

import kernels
BUILDS = [('O0.ll', ['-O0', '-S']), ('O1.ll', ['-O1', '-S']), ('O2.ll', ['-O2', '-S']),
          ('O2.bc', ['-O2', '-c'])]
EXPECT = re.compile(r'//\s*expect:\s*(no-rewrite|rewrite)\b')
CHECK = re.compile(r'//\s*check:\s*(divergent|ok)\b(?:\s+on\s+(\S+))?')


def expectations(path):
    want = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = EXPECT.search(line)
            if m:
                want[n] = m.group(1) == 'no-rewrite'
    return want


def check_markers(path):
    """line -> (divergent?, value a note must name or None)"""
    want = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = CHECK.search(line)
            if m:
                want[n] = (m.group(1) == 'divergent', m.group(2))
    return want


def check_mode(args, out, base, marks):
    """Problems with `threadconv check` on one compiled file."""
    p = subprocess.run([args.bin, 'check', '--format', 'json', out],
                       capture_output=True, text=True)
    name = os.path.basename(out)
    if p.returncode not in (0, 1):
        return ['%s: threadconv check failed (%d):\n%s' % (name, p.returncode, p.stderr)]
    problems = []
    reported = 0
    for g in json.loads(p.stdout)['graphs']:
        for b in g['barriers']:
            where = '%s: check: graph %s: barrier %s' % (name, g['name'], b['node'])
            line = b.get('line')
            divergent = b['state'] != 'C'
            reported += divergent
            if line is None or os.path.basename(b.get('file', '')) != base:
                problems.append('%s: no position in %s' % (where, base))
                continue
            if line not in marks:
                if divergent:
                    problems.append('%s: line %d reported, has no "// check:"' % (where, line))
                continue
            want, value = marks[line]
            if divergent != want:
                problems.append('%s: line %d: expected %s, got %s' % (
                    where, line, 'divergent' if want else 'ok',
                    'divergent' if divergent else 'ok'))
            elif value and value not in [c.get('depends_on') for c in b['causes']]:
                problems.append('%s: line %d: no cause depends on %s (causes: %s)' % (
                    where, line, value, b['causes']))
    if p.returncode != (1 if reported else 0):
        problems.append('%s: check exited %d with %d barrier(s) reported' % (
            name, p.returncode, reported))
    return problems


def check(args, src):
    """Returns a list of problems with one kernel source."""
    base = os.path.basename(src)
    stem = os.path.splitext(base)[0]
    want = expectations(src)
    marks = check_markers(src)
    if not want:
        return ['%s: no "// expect:" comments' % base]
    problems = []
    for suffix, opts in BUILDS:
        out = os.path.join(args.work, '%s.%s' % (stem, suffix))
        err = kernels.compile_kernel(args.clang, src, out, opts)
        if err:
            problems.append(err)
            continue
        p = subprocess.run([args.bin, 'analyze', '--format', 'json', out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            problems.append('%s: threadconv failed (%d):\n%s' % (out, p.returncode, p.stderr))
            continue
        seen = set()
        for g in json.loads(p.stdout)['graphs']:
            for b in g['barriers']:
                where = '%s: graph %s: barrier %s' % (os.path.basename(out), g['name'], b['node'])
                line = b.get('line')
                if line is None or os.path.basename(b.get('file', '')) != base:
                    problems.append('%s: no position in %s' % (where, base))
                elif line not in want:
                    problems.append('%s: line %d has no "// expect:"' % (where, line))
                else:
                    seen.add(line)
                    if b['in_edges_convergent'] != want[line]:
                        problems.append('%s: line %d: expected %s, got %s' % (
                            where, line, 'no-rewrite' if want[line] else 'rewrite',
                            'no-rewrite' if b['in_edges_convergent'] else 'rewrite'))
        problems += check_mode(args, out, base, marks)
        for line in sorted(set(want) - seen):
            problems.append('%s: no barrier at %s:%d' % (os.path.basename(out), base, line))
    return problems


if __name__ == '__main__':
    sys.exit(kernels.main(check))
