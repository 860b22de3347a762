#!/usr/bin/env python3
"""Compares what `threadconv check` reports on two builds of the same CUDA
sources: nvcc -O3 -lineinfo and nvcc -G, line by line.

usage: g-vs-o3.py --bin THREADCONV --o3 DIR --g DIR [--jobs N]
                  [--timeout SECONDS] [--list] [--verdicts]

DIR holds PTX files (*.ptx, at any depth); a file is compared where both
folders hold it under the same relative path. Each is checked once,

  threadconv check --no-caret --color never FILE

and each warning is taken as its position's file and line (no column: the
-G build's positions often have none) with its rule, an after-exit rule
counted as its divergence rule (-Wbarrier-after-exit as -Wbarrier-divergence,
-Wcollective-after-exit as -Wcollective-divergence): a "line". The same line
reported several times (templates, unrolled loops) counts once per file.

Verdicts should not depend on the optimisation level. A line that only the
-G build reports is, where the -O3 build proves it, a false alarm of the -G
build (the usual case: what -G keeps in local memory and in .funcs is
harder to follow); one that only the -O3 build reports is a verdict the -G
build misses, which should not happen, and makes the exit status 1.

Prints per top-level folder of DIR (a project): the files compared, the
lines of each build, those of -G only and those of -O3 only, and a total;
--list also lists every line of one build only. Files that either build
fails on (exit status other than 0 and 1, a time-out) are listed and left
out. Exit status: 1 when some line is of -O3 only or a file failed, 2 on a
usage error, else 0.

--verdicts compares what is judged instead of what is reported: each
source line where the JSON output (check --format json) has a barrier, a
collective or a call of a function that runs them, in state C or U, with
its verdict (reported: a U that is no masked collective, or an argument
that may differ). Per project: the lines the -O3 build judges, those the
-G build judges the same, those it judges the other way, and those it
does not judge (a line of a wrapper's own, or a state of neither); --list
lists the last two kinds. A call judged at the line of a collective that
the other build inlined there counts as the same line.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

WARNING = re.compile(r'^(\S+?):(\d+)(?::\d+)?: warning: .* \[(-W[a-z-]+)\]$')


def run_check(binary, args, timeout, stderr):
    """check's output with args (stderr: where its standard error goes), or
    None and an error."""
    try:
        p = subprocess.run([binary, 'check'] + args, stdout=subprocess.PIPE, stderr=stderr,
                           timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, 'timed out after %d s' % timeout
    if p.returncode not in (0, 1):
        return None, 'exit status %d' % p.returncode
    return p.stdout.decode('utf-8', 'replace'), None


def lines_of(binary, path, timeout):
    """The set of (file, line, rule) check reports on path, or an error."""
    out, err = run_check(binary, ['--no-caret', '--color', 'never', path], timeout,
                         subprocess.STDOUT)
    if err:
        return None, err
    found = set()
    for line in out.splitlines():
        m = WARNING.match(line)
        if m:
            rule = m.group(3).replace('-after-exit', '-divergence')
            found.add((os.path.normpath(m.group(1)), int(m.group(2)), rule))
    return found, None


def verdicts_of(binary, path, timeout):
    """{(file, line): reported} for what check judges on path, or an error."""
    out, err = run_check(binary, ['--format', 'json', path], timeout, subprocess.DEVNULL)
    if err:
        return None, err
    try:
        doc = json.loads(out)
    except ValueError:
        return None, 'no JSON'
    found = {}
    for g in doc.get('graphs', []):
        for e in (g.get('barriers') or []) + (g.get('collectives') or []):
            if e.get('state') not in ('C', 'U') or 'line' not in e or not e.get('file'):
                continue
            bad = (e['state'] == 'U' and not e.get('masked')) or 'argument' in e
            key = (os.path.normpath(e['file']), e['line'])
            found[key] = found.get(key, False) or bad
    return found, None


def ptx_files(root):
    out = set()
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith('.ptx'):
                out.add(os.path.relpath(os.path.join(d, n), root))
    return out


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n\n')[1])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--o3', required=True)
    ap.add_argument('--g', required=True)
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--timeout', type=int, default=120)
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--verdicts', action='store_true')
    a = ap.parse_args()
    for d in (a.o3, a.g):
        if not os.path.isdir(d):
            print('g-vs-o3.py: %s is no folder' % d, file=sys.stderr)
            return 2
    both = sorted(ptx_files(a.o3) & ptx_files(a.g))
    if not both:
        print('g-vs-o3.py: no .ptx file is in both folders', file=sys.stderr)
        return 2
    jobs = [(rel, build, os.path.join(root, rel))
            for rel in both for build, root in (('O3', a.o3), ('G', a.g))]
    res = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        how = verdicts_of if a.verdicts else lines_of
        futs = {ex.submit(how, a.bin, path, a.timeout): (rel, build)
                for rel, build, path in jobs}
        for f in concurrent.futures.as_completed(futs):
            res[futs[f]] = f.result()
    if a.verdicts:
        return compare_verdicts(a, both, res)
    rows = collections.OrderedDict()
    failed, listed = [], []
    for project, rel, o3, g in pairs(both, res, failed):
        r = rows.setdefault(project, [0, 0, 0, 0, 0])
        r[0] += 1
        r[1] += len(o3)
        r[2] += len(g)
        r[3] += len(g - o3)
        r[4] += len(o3 - g)
        listed += [('-G only', rel, x) for x in sorted(g - o3)]
        listed += [('-O3 only', rel, x) for x in sorted(o3 - g)]
    total = table(('project', 'files', '-O3 lines', '-G lines', '-G only', '-O3 only'), rows)
    if a.list:
        for kind, rel, (f, line, rule) in listed:
            print('%s: %s: %s:%d %s' % (kind, rel, f, line, rule))
    for f in failed:
        print('failed: %s' % f)
    return 1 if total[4] or failed else 0


def pairs(both, res, failed):
    """(project, file, what -O3 gave, what -G gave) for each file both
    builds read; the others into failed."""
    for rel in both:
        project = rel.split(os.sep, 1)[0] if os.sep in rel else '.'
        (o3, e3), (g, eg) = res[(rel, 'O3')], res[(rel, 'G')]
        if e3 or eg:
            failed.append('%s: %s' % (rel, '; '.join('%s %s' % (b, e) for b, e in
                                                    (('-O3', e3), ('-G', eg)) if e)))
            continue
        yield project, rel, o3, g


def table(head, rows):
    """Prints head, a row per project and their total; the total."""
    print('%-24s' % head[0] + ''.join(' %*s' % (len(h), h) for h in head[1:]))
    total = [0] * (len(head) - 1)
    for project, r in list(rows.items()) + [('total', None)]:
        r = total if r is None else r
        print('%-24s' % project + ''.join(' %*d' % (len(h), x) for h, x in zip(head[1:], r)))
        if project != 'total':
            total[:] = [t + x for t, x in zip(total, r)]
    return total


def compare_verdicts(a, both, res):
    rows = collections.OrderedDict()
    failed, listed = [], []
    for project, rel, o3, g in pairs(both, res, failed):
        r = rows.setdefault(project, [0, 0, 0, 0, 0])
        r[0] += 1
        for key, bad in sorted(o3.items()):
            r[1] += 1
            if key not in g:
                r[4] += 1
                listed.append(('not judged at -G', rel, key, bad, None))
            elif g[key] == bad:
                r[2] += 1
            else:
                r[3] += 1
                listed.append(('other verdict', rel, key, bad, g[key]))
    table(('project', 'files', '-O3 judged', '-G same', '-G other', 'not judged'), rows)
    if a.list:
        word = {True: 'reported', False: 'not reported', None: '-'}
        for kind, rel, (f, line), x, y in listed:
            print('%s: %s: %s:%d (-O3 %s, -G %s)' % (kind, rel, f, line, word[x], word[y]))
    for f in failed:
        print('failed: %s' % f)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
