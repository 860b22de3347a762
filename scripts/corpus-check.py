#!/usr/bin/env python3
"""threadconv check over a corpus of real CUDA sources: what it finds, what fails.

usage: corpus-check.py ROOT [--config FILE] [--bin PATH] [--nvcc PATH]
                       [--arch ARCH] [--timeout SECONDS] [--jobs N]
                       [--json FILE] [--text-dir DIR] [--only GLOB]...
                       [--exclude GLOB]... [--keep-included] [--tag NAME]
                       [-- FLAGS...]

  scripts/corpus-check.py ~/corpus --config corpus.json --json O3.json
  scripts/corpus-check.py ~/corpus --config corpus.json --json G.json \
      --only 'llm.c/dev/cuda/*' -- -G

ROOT is a folder of CUDA sources (a checkout, or a folder of checkouts); every
.cu file under it is checked, in path order, except those --exclude or the
config's "exclude" match (fnmatch globs on the path relative to ROOT; --only
keeps just the files a glob matches). --jobs files (default: the number of
cores) are checked at once, each by one `threadconv check -j 1`. Each file
runs, with ROOT as the working folder (so positions read
"repo/dir/k.cu:12:5"),

  threadconv check --format json --no-caret --cuda-gpu-arch ARCH \\
      --timeout SECONDS FILE -- FLAGS FOLDER_FLAGS

under a wall-clock limit of SECONDS + 30 as well. FLAGS are those after
`--` here (e.g. `-G` to check the -G build); FOLDER_FLAGS come from the
config, a JSON object:

  {
    "flags":   {"repo": ["-std=c++17"], "repo/src": ["-I", "{root}/repo/include"]},
    "exclude": ["repo/third_party/*"],
    "skip":    {"repo/src/part.cu": "a fragment that main.cu includes"}
  }

"flags" maps a folder (relative to ROOT, "" for all) to flags; a file gets
those of every folder above it, the outer first. In a flag, {root} is ROOT
and {dir} the file's own folder (both absolute). "skip" files are listed
with their reason and not run.

nvcc is run through a wrapper (THREADCONV_NVCC) that keeps a copy of the PTX
it writes and times it, so that, per file, the table can say how many
kernels (`.entry` in the PTX) the file has and how long threadconv took
beyond nvcc itself ("extra").

Findings are taken from the JSON report as check reports them (their number
is that of the text report's warnings):
  barrier-divergence     a barrier (not a `call` entry) whose state is not C
  partial-barrier        the same in `partial_barriers`
  collective-divergence  a collective of kind `collective` (not a `call` of
                         a function that executes some), not masked, whose
                         state is U
  collective-argument    a collective with an `argument`

A .cu file that another source under ROOT #includes ("kernel.cu" included
by "main.cu", as Rodinia does) is skipped as a fragment: its kernels are
checked as part of the includer (--keep-included checks it on its own too).

Prints one line per file (status, exit status, kernels, findings by rule,
seconds: check, nvcc, extra), then a summary: files, skipped (and why),
compiled, checked, kernels, findings by rule with the number of distinct
positions (file:line:col) they are at (an unrolled loop or a template
instantiated N times repeats a finding), exit codes, compile failures
grouped by cause (a missing header, an API that CUDA 12/13 removed, an
undefined identifier, ...), threadconv errors (exit 2 on a file that nvcc
compiled, a crash, a time-out), and the files where threadconv took more
than 5 s beyond nvcc.

--json FILE writes everything: per file its path, flags, status, exit code,
times, kernel names, the first lines of stderr on failure, and every
finding with its rule, position, kernel (graph), operation, causes (with
the value each depends on), inlined-from and call-chain notes. --text-dir
DIR also runs each file that has findings once more with the text format
and keeps that report (DIR/PATH.txt) for reading. --tag names the run in
the JSON (e.g. "O3", "G").

Exit status 1 when threadconv itself failed on some file (exit 2 on a file
that nvcc compiled, a crash, a time-out), 2 on a usage error, else 0
(findings and compile failures are results, not errors). Needs nvcc (the
CUDA toolkit: --nvcc, $CUDA_PATH, $CUDA_HOME, PATH, /usr/local/cuda), a
POSIX sh and GNU date for the wrapper.
"""
import argparse, concurrent.futures, fnmatch, json, os, re, shutil, signal
import subprocess, sys, tempfile, time

SLOW_S = 5.0
RULES = ('barrier-divergence', 'partial-barrier', 'collective-divergence', 'collective-argument')

WRAPPER = r'''#!/bin/sh
# nvcc for corpus-check.py: runs the real one, keeps its -o output and times it.
start=$(date +%s.%N)
"$CORPUS_CHECK_REAL_NVCC" "$@"
rc=$?
end=$(date +%s.%N)
out=
prev=
for a in "$@"; do
  if [ "$prev" = "-o" ]; then out=$a; fi
  prev=$a
done
if [ -n "$CORPUS_CHECK_SIDE" ]; then
  echo "$start $end $rc" > "$CORPUS_CHECK_SIDE.time"
  if [ $rc -eq 0 ] && [ -n "$out" ] && [ -f "$out" ]; then cp "$out" "$CORPUS_CHECK_SIDE.ptx"; fi
fi
exit $rc
'''


def default_bin():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(here), 'build', 'threadconv')


def find_nvcc():
    for d in (os.environ.get('CUDA_PATH'), os.environ.get('CUDA_HOME')):
        if d and os.access(os.path.join(d, 'bin', 'nvcc'), os.X_OK):
            return os.path.join(d, 'bin', 'nvcc')
    return shutil.which('nvcc') or '/usr/local/cuda/bin/nvcc'


def sources(root, only, exclude):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
        for f in sorted(files):
            if not f.endswith('.cu'):
                continue
            rel = os.path.relpath(os.path.join(d, f), root)
            if only and not any(fnmatch.fnmatch(rel, g) for g in only):
                continue
            if any(fnmatch.fnmatch(rel, g) for g in exclude):
                continue
            out.append(rel)
    return sorted(out)


INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+\.cu)"', re.M)


def included_sources(root, files):
    """The .cu files of the list that another source under root #includes
    (a kernel file that its main file includes, as Rodinia's are): each maps
    to one includer. They are compiled as part of it, not on their own."""
    wanted = set(files)
    out = {}
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith('.')]
        for n in names:
            if not n.endswith(('.cu', '.cuh', '.h', '.hpp', '.cpp', '.c', '.cc')):
                continue
            path = os.path.join(d, n)
            try:
                with open(path, errors='replace') as f:
                    text = f.read(1 << 20)
            except OSError:
                continue
            for inc in INCLUDE_RE.findall(text):
                rel = os.path.relpath(os.path.normpath(os.path.join(d, inc)), root)
                if rel in wanted and rel not in out:
                    out[rel] = os.path.relpath(path, root)
    return out


CAUSES = [
    (r'fatal error: ([^:]+): No such file', lambda m: 'missing header %s' % m.group(1).strip()),
    (r'texture is not a template|identifier "(?:texture|cudaBindTexture\w*|tex1Dfetch)"',
     lambda m: 'texture references (removed in CUDA 12)'),
    (r'class "cudaDeviceProp" has no member "(\w+)"',
     lambda m: 'cudaDeviceProp field removed in CUDA 13 (%s)' % m.group(1)),
    (r'"cudaMemLocation"', lambda m: 'cudaMemAdvise/cudaMemPrefetchAsync changed in CUDA 13'),
    (r'requires separate compilation mode', lambda m: 'dynamic parallelism needs -rdc=true'),
    (r'identifier "(\w+)" is undefined', lambda m: 'undefined identifier %s' % m.group(1)),
]


def cause_of(error):
    """The compile failure's cause, from its first error line, grouped."""
    for pat, name in CAUSES:
        m = re.search(pat, error)
        if m:
            return name(m)
    m = re.search(r'error: (.*)', error)
    return 'other: ' + (m.group(1) if m else error)[:100]


def folder_flags(cfg, root, rel):
    """The config's flags of every folder above rel, the outer first."""
    table = cfg.get('flags', {})
    parts = os.path.dirname(rel).split(os.sep) if os.path.dirname(rel) else []
    prefixes = [''] + [os.path.join(*parts[:k]) for k in range(1, len(parts) + 1)]
    subst = {'{root}': root, '{dir}': os.path.join(root, os.path.dirname(rel))}
    out = []
    for p in prefixes:
        for f in table.get(p, []):
            for k, v in subst.items():
                f = f.replace(k, v)
            out.append(f)
    return out


def pos(o):
    if not o or 'file' not in o:
        return None
    s = '%s:%s' % (o['file'], o.get('line', '?'))
    return s + (':%s' % o['column'] if 'column' in o else '')


def cause_list(causes):
    return [{'at': pos(c), 'depends_on': c.get('depends_on'), 'function': c.get('function')}
            for c in causes]


def extra_notes(o):
    d = {}
    if 'inlined' in o:
        d['inlined'] = {'function': o['inlined'].get('function'), 'at': pos(o['inlined'])}
    if 'calls' in o:
        d['calls'] = [{'function': c.get('function'), 'caller': c.get('caller'), 'at': pos(c)}
                      for c in o['calls']]
    if o.get('callers_unknown'):
        d['callers_unknown'] = True
    return d


def findings_of(report):
    """Every finding of a check --format json document, as check reports them:
    a copy of a barrier or collective (merged_into) is its first's finding."""
    out = []
    for g in report.get('graphs', []):
        kernel = g.get('name')
        for key, rule in (('barriers', 'barrier-divergence'), ('partial_barriers', 'partial-barrier')):
            for b in g.get(key, []):
                if 'call' in b or b.get('state') == 'C' or 'merged_into' in b:
                    continue
                f = {'rule': rule, 'at': pos(b), 'graph': kernel, 'op': '__syncthreads' if key == 'barriers' else 'bar.sync N, M',
                     'state': b.get('state'), 'causes': cause_list(b.get('causes', []))}
                f.update(extra_notes(b))
                out.append(f)
        for c in g.get('collectives', []):
            if (c.get('kind') == 'collective' and not c.get('masked') and c.get('state') == 'U'
                    and 'merged_into' not in c):
                f = {'rule': 'collective-divergence', 'at': pos(c), 'graph': kernel,
                     'op': c.get('name'), 'group': c.get('group'), 'kind': c.get('kind'),
                     'causes': cause_list(c.get('causes', []))}
                f.update(extra_notes(c))
                out.append(f)
            if 'argument' in c and 'merged_into' not in c['argument']:
                a = c['argument']
                f = {'rule': 'collective-argument', 'at': pos(c) or pos(a), 'graph': kernel,
                     'op': c.get('name'), 'group': c.get('group'), 'kind': c.get('kind'),
                     'argument': a.get('name'), 'depends_on': a.get('depends_on'),
                     'argument_at': pos(a)}
                f.update(extra_notes(c))
                out.append(f)
    return out


def first_error(stderr):
    lines = [l for l in stderr.splitlines() if l.strip()]
    for l in lines:
        if re.search(r'\berror\b', l, re.I):
            return l.strip()
    return lines[0].strip() if lines else '(no message)'


def run(cmd, cwd, env, limit):
    """Runs cmd in a session of its own; on time-out kills the whole group
    (threadconv and the nvcc it started). Returns (exit status or
    'timeout', stdout, stderr)."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, errors='replace', start_new_session=True)
    try:
        out, err = p.communicate(timeout=limit)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return 'timeout', '', err


def check_one(a, cfg, root, rel, wrapper, tmp):
    """Runs check on one file; returns its record."""
    flags = list(a.flags) + folder_flags(cfg, root, rel)
    side = os.path.join(tmp, re.sub(r'[^A-Za-z0-9_.-]', '_', rel))
    for ext in ('.time', '.ptx'):
        if os.path.exists(side + ext):
            os.unlink(side + ext)
    env = dict(os.environ, THREADCONV_NVCC=wrapper, CORPUS_CHECK_REAL_NVCC=a.nvcc,
               CORPUS_CHECK_SIDE=side, NO_COLOR='1')
    cmd = [a.bin, 'check', '--format', 'json', '--no-caret', '--cuda-gpu-arch', a.arch,
           '--timeout', str(a.timeout), '-j', '1', rel] + (['--'] + flags if flags else [])
    rec = {'file': rel, 'flags': flags}
    t0 = time.monotonic()
    rc, out, err = run(cmd, root, env, a.timeout + 30)
    rec['check_s'] = round(time.monotonic() - t0, 3)
    rec['exit'] = rc
    nvcc_rc = None
    if os.path.exists(side + '.time'):
        with open(side + '.time') as f:
            s, e, nvcc_rc = f.read().split()
        rec['nvcc_s'] = round(float(e) - float(s), 3)
        rec['extra_s'] = round(rec['check_s'] - rec['nvcc_s'], 3)
        nvcc_rc = int(nvcc_rc)
    rec['nvcc_exit'] = nvcc_rc
    kernels = []
    if os.path.exists(side + '.ptx'):
        with open(side + '.ptx', errors='replace') as f:
            kernels = re.findall(r'^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([^\s(]+)', f.read(), re.M)
        os.unlink(side + '.ptx')
    rec['kernels'] = kernels
    if rc == 'timeout' or (rc == 2 and re.search(r'did not finish within [0-9.]+ s \(--timeout\)', err)):
        rec['status'] = 'timeout'
        rec['error'] = first_error(err) if rc == 2 else 'no answer within %d s' % (a.timeout + 30)
    elif rc in (0, 1) and out.strip():
        try:
            rec['findings'] = findings_of(json.loads(out))
            rec['graphs'] = len(json.loads(out).get('graphs', []))
            rec['status'] = 'checked'
        except ValueError as e:
            rec['status'] = 'threadconv-error'
            rec['error'] = 'bad JSON: %s' % e
    elif nvcc_rc not in (None, 0):
        rec['status'] = 'compile-failure'
        rec['error'] = first_error(err)
        rec['cause'] = cause_of(rec['error'])
    elif rc in (0, 1):
        rec['status'] = 'threadconv-error'
        rec['error'] = 'no report on standard output'
    else:
        # nvcc compiled it (or was never run), and threadconv failed: its bug or limit
        rec['status'] = 'crash' if isinstance(rc, int) and rc < 0 else 'threadconv-error'
        rec['error'] = first_error(err)
    if rec['status'] != 'checked':
        rec['stderr'] = err.splitlines()[:20]
    if a.text_dir and rec.get('findings'):
        tcmd = [a.bin, 'check', '--no-caret', '--cuda-gpu-arch', a.arch, '--timeout', str(a.timeout),
                '-j', '1', rel] + (['--'] + flags if flags else [])
        _, tout, terr = run(tcmd, root, dict(os.environ, NO_COLOR='1'), a.timeout + 30)
        dest = os.path.join(a.text_dir, rel + '.txt')
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'w') as f:
            f.write(tout + terr)
        rec['text_warnings'] = len(re.findall(r': warning: .*\[-W', tout + terr))
    return rec


def main():
    argv = sys.argv[1:]
    flags = []
    if '--' in argv:
        flags = argv[argv.index('--') + 1:]
        argv = argv[:argv.index('--')]
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('root')
    ap.add_argument('--config', help='JSON: per-folder flags, excludes, skips')
    ap.add_argument('--bin', default=default_bin(), help='threadconv (default: build/threadconv)')
    ap.add_argument('--nvcc', default=find_nvcc())
    ap.add_argument('--arch', default='sm_80')
    ap.add_argument('--timeout', type=int, default=300, help='seconds per file (default 300)')
    ap.add_argument('--jobs', '-j', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--json', help='write every record and finding here')
    ap.add_argument('--text-dir', help='keep the text report of each file with findings here')
    ap.add_argument('--only', action='append', default=[])
    ap.add_argument('--exclude', action='append', default=[])
    ap.add_argument('--tag', default='')
    ap.add_argument('--keep-included', action='store_true',
                    help='check .cu files that another source includes on their own too')
    a = ap.parse_args(argv)
    a.flags = flags
    root = os.path.abspath(a.root)
    if not os.path.isdir(root):
        ap.error('%s: not a folder' % a.root)
    if not os.access(a.bin, os.X_OK):
        ap.error('%s: not an executable threadconv' % a.bin)
    a.bin = os.path.abspath(a.bin)
    if a.text_dir:
        a.text_dir = os.path.abspath(a.text_dir)
    cfg = {}
    if a.config:
        with open(a.config) as f:
            cfg = json.load(f)
    files = sources(root, a.only, a.exclude + cfg.get('exclude', []))
    skip = dict(cfg.get('skip', {}))
    if not a.keep_included:
        for f, by in included_sources(root, files).items():
            skip.setdefault(f, 'included by %s' % by)
    tmp = tempfile.mkdtemp(prefix='corpus-check-')
    wrapper = os.path.join(tmp, 'nvcc')
    with open(wrapper, 'w') as f:
        f.write(WRAPPER)
    os.chmod(wrapper, 0o755)
    records = []
    try:
        todo = [r for r in files if r not in skip]
        for r in files:
            if r in skip:
                records.append({'file': r, 'status': 'skipped', 'error': skip[r]})
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
            futs = {ex.submit(check_one, a, cfg, root, r, wrapper, tmp): r for r in todo}
            for fut in concurrent.futures.as_completed(futs):
                rec = fut.result()
                records.append(rec)
                by = {}
                for x in rec.get('findings', []):
                    by[x['rule']] = by.get(x['rule'], 0) + 1
                print('%-60s %-16s exit %-7s kernels %3d  %s  %6.1f s (nvcc %s, extra %s)%s' % (
                    rec['file'], rec['status'], rec['exit'], len(rec['kernels']),
                    ' '.join('%s=%d' % (k, by[k]) for k in RULES if k in by) or '-',
                    rec['check_s'], rec.get('nvcc_s', '-'), rec.get('extra_s', '-'),
                    ('  ' + rec['error'][:100]) if rec.get('error') else ''), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    records.sort(key=lambda r: r['file'])
    summary = summarise(records)
    print_summary(summary, records)
    if a.json:
        with open(a.json, 'w') as f:
            json.dump({'tag': a.tag, 'root': root, 'bin': a.bin, 'arch': a.arch,
                       'flags': flags, 'summary': summary, 'files': records}, f, indent=1)
    return 1 if summary['threadconv_errors'] else 0


def summarise(records):
    s = {'files': len(records), 'skipped': 0, 'compiled': 0, 'checked': 0, 'kernels': 0,
         'files_with_findings': 0, 'findings': {k: 0 for k in RULES},
         'positions': {k: 0 for k in RULES}, 'skip_reasons': {}, 'exit_codes': {},
         'compile_failures': {}, 'threadconv_errors': [], 'slow': []}
    seen = set()
    for r in records:
        st = r['status']
        if st == 'skipped':
            s['skipped'] += 1
            why = 'included by another source' if r['error'].startswith('included by ') else r['error']
            s['skip_reasons'][why] = s['skip_reasons'].get(why, 0) + 1
            continue
        s['exit_codes'][str(r['exit'])] = s['exit_codes'].get(str(r['exit']), 0) + 1
        if r.get('nvcc_exit') == 0:
            s['compiled'] += 1
        s['kernels'] += len(r['kernels'])
        if st == 'checked':
            s['checked'] += 1
            if r['findings']:
                s['files_with_findings'] += 1
            for x in r['findings']:
                s['findings'][x['rule']] += 1
                seen.add((x['rule'], x['at']))
        elif st == 'compile-failure':
            s['compile_failures'].setdefault(r['cause'], []).append(r['file'])
        else:
            s['threadconv_errors'].append({'file': r['file'], 'status': st, 'error': r.get('error')})
        if r.get('extra_s', 0) > SLOW_S:
            s['slow'].append({'file': r['file'], 'check_s': r['check_s'], 'nvcc_s': r['nvcc_s']})
    for rule, _ in seen:
        s['positions'][rule] += 1
    return s


def print_summary(s, records):
    print()
    print('files              %d' % s['files'])
    print('skipped            %d' % s['skipped'])
    for why, n in sorted(s['skip_reasons'].items(), key=lambda kv: -kv[1]):
        print('  %3d  %s' % (n, why))
    print('compiled by nvcc   %d' % s['compiled'])
    print('checked            %d (%d with findings)' % (s['checked'], s['files_with_findings']))
    print('kernels (.entry)   %d' % s['kernels'])
    print('findings           %d (at %d distinct positions)' % (sum(s['findings'].values()),
                                                          sum(s['positions'].values())))
    for k in RULES:
        print('  %-22s %d (%d positions)' % (k, s['findings'][k], s['positions'][k]))
    print('exit codes         %s' % ', '.join('%s: %d' % kv for kv in sorted(s['exit_codes'].items())))
    if s['compile_failures']:
        print('compile failures   %d' % sum(len(v) for v in s['compile_failures'].values()))
        for e, fs in sorted(s['compile_failures'].items(), key=lambda kv: -len(kv[1])):
            print('  %3d  %s' % (len(fs), e[:150]))
            for f in fs[:3]:
                print('         %s' % f)
    if s['threadconv_errors']:
        print('threadconv errors  %d' % len(s['threadconv_errors']))
        for e in s['threadconv_errors']:
            print('  %s: %s: %s' % (e['file'], e['status'], (e['error'] or '')[:150]))
    if s['slow']:
        print('slow (> %g s beyond nvcc)' % SLOW_S)
        for e in s['slow']:
            print('  %s: check %.1f s, nvcc %.1f s' % (e['file'], e['check_s'], e['nvcc_s']))


if __name__ == '__main__':
    sys.exit(main())
