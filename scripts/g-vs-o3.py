#!/usr/bin/env python3
"""Compares what `threadconv check` reports on two builds of the same CUDA
sources: nvcc -O3 -lineinfo and nvcc -G, line by line.

usage: g-vs-o3.py --bin THREADCONV --o3 DIR --g DIR [--jobs N]
                  [--timeout SECONDS] [--list]

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
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

WARNING = re.compile(r'^(\S+?):(\d+)(?::\d+)?: warning: .* \[(-W[a-z-]+)\]$')


def lines_of(binary, path, timeout):
    """The set of (file, line, rule) check reports on path, or an error."""
    try:
        p = subprocess.run([binary, 'check', '--no-caret', '--color', 'never', path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, 'timed out after %d s' % timeout
    if p.returncode not in (0, 1):
        return None, 'exit status %d' % p.returncode
    found = set()
    for line in p.stdout.decode('utf-8', 'replace').splitlines():
        m = WARNING.match(line)
        if m:
            rule = m.group(3).replace('-after-exit', '-divergence')
            found.add((os.path.normpath(m.group(1)), int(m.group(2)), rule))
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
        futs = {ex.submit(lines_of, a.bin, path, a.timeout): (rel, build)
                for rel, build, path in jobs}
        for f in concurrent.futures.as_completed(futs):
            res[futs[f]] = f.result()
    rows = collections.OrderedDict()
    failed, listed = [], []
    for rel in both:
        project = rel.split(os.sep, 1)[0] if os.sep in rel else '.'
        (o3, e3), (g, eg) = res[(rel, 'O3')], res[(rel, 'G')]
        if e3 or eg:
            failed.append('%s: %s' % (rel, '; '.join('%s %s' % (b, e) for b, e in
                                                    (('-O3', e3), ('-G', eg)) if e)))
            continue
        r = rows.setdefault(project, [0, 0, 0, 0, 0])
        r[0] += 1
        r[1] += len(o3)
        r[2] += len(g)
        r[3] += len(g - o3)
        r[4] += len(o3 - g)
        listed += [('-G only', rel, x) for x in sorted(g - o3)]
        listed += [('-O3 only', rel, x) for x in sorted(o3 - g)]
    head = ('project', 'files', '-O3 lines', '-G lines', '-G only', '-O3 only')
    print('%-24s %6s %10s %9s %8s %9s' % head)
    total = [0, 0, 0, 0, 0]
    for project, r in rows.items():
        print('%-24s %6d %10d %9d %8d %9d' % ((project,) + tuple(r)))
        total = [t + x for t, x in zip(total, r)]
    print('%-24s %6d %10d %9d %8d %9d' % (('total',) + tuple(total)))
    if a.list:
        for kind, rel, (f, line, rule) in listed:
            print('%s: %s: %s:%d %s' % (kind, rel, f, line, rule))
    for f in failed:
        print('failed: %s' % f)
    return 1 if total[4] or failed else 0


if __name__ == '__main__':
    sys.exit(main())
