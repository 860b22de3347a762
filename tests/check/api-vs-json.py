#!/usr/bin/env python3
"""tc_check through the C API against `threadconv check --format json`.

usage: api-vs-json.py --bin THREADCONV --api FINDINGS_API [--min N] DIR...

Runs findings_api (tc_check's findings, public header only) and
`threadconv check --format json` on every .cfg, .ll, .bc, .ptx, .spv and
.spvasm file under the DIRs (tests/suppress and inputs with a NOLINT
comment left out: those drop findings on purpose; and the hostile-* inputs, made to crash or hang
LLVM's readers, which the command reads in a child process and the library
cannot survive), and requires, input by input, the same checked
graphs and the same findings: rule, node, collective, causes, calls (and
how many a long chain omits),
inlined helper, where after-exit threads go, and which finding a copy is
merged into. An input both reject is fine (findings_api reads in its own
process, so LLVM's crashes and hangs on the hostile inputs count as its
rejection); one rejects and not the other is a failure. Fails when fewer than N inputs (default 1) were compared.
"""
import argparse, concurrent.futures, json, os, subprocess, sys

EXTS = ('.cfg', '.ll', '.bc', '.ptx', '.spv', '.spvasm')


def inputs(dirs):
    out = []
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if s != 'suppress')
            out += [os.path.join(root, f) for f in sorted(files)
                    if f.endswith(EXTS) and not f.startswith('hostile') and
                    not has_nolint(os.path.join(root, f))]
    return out


def has_nolint(path):
    with open(path, 'rb') as f:
        return b'NOLINT' in f.read()


def keep(entry, keys):
    return {k: entry[k] for k in keys if k in entry}


FIELDS = ('causes', 'calls', 'calls_omitted', 'callers_unknown', 'inlined', 'after_exit')


def from_report(doc):
    """The findings of a check report, in the API's order (per graph: the
    barriers by node, then each collective's reach and argument)."""
    graphs, found = [], []
    for g in doc['graphs']:
        graphs.append(g['name'])
        node_order = {n['name']: i for i, n in enumerate(g['nodes'])}
        barriers = []
        written = []  # per array: the finding of each written entry
        for array, partial in (('barriers', False), ('partial_barriers', True)):
            at = []
            for b in g.get(array, []):
                if b['state'] != 'U' or 'call' in b:
                    at.append(None)
                    continue
                rule = 'partial-barrier' if partial else (
                    'barrier-after-exit' if 'after_exit' in b else 'barrier-divergence')
                f = {'graph': g['name'], 'rule': rule, 'node': b['node']}
                if 'merged_into' in b:
                    f['merged_into'] = b['merged_into']
                else:
                    f.update(keep(b, FIELDS))
                at.append(f)
                barriers.append(f)
            for f in at:
                if f and isinstance(f.get('merged_into'), int):
                    t = at[f['merged_into']]
                    f['merged_into'] = {'node': t['node'], 'rule': t['rule']}
                    f['rule'] = t['rule']  # a copy is of its finding's rule
        barriers.sort(key=lambda f: node_order.get(f['node'], -1))
        colls = g.get('collectives', [])
        reach_at, arg_at, rows = {}, {}, []
        for i, c in enumerate(colls):
            row = []
            # a call's collectives are judged in the function called, but
            # through a pointer (a "rule" of its own)
            if (c['kind'] == 'collective' or (c['kind'] == 'call' and 'rule' in c)) and \
                    c['state'] == 'U' and not c.get('masked'):
                rule = 'collective-after-exit' if 'after_exit' in c else 'collective-divergence'
                f = {'graph': g['name'], 'rule': rule, 'node': c['node'],
                     'collective': c['name']}
                if 'merged_into' in c:
                    f['merged_into'] = ('reach', c['merged_into'])
                else:
                    f.update(keep(c, FIELDS))
                reach_at[i] = f
                row.append(f)
            if 'argument' in c:
                f = {'graph': g['name'], 'rule': 'collective-argument', 'node': c['node'],
                     'collective': c['name'], 'causes': []}
                if 'merged_into' in c['argument']:
                    f = {k: f[k] for k in ('graph', 'rule', 'node', 'collective')}
                    f['merged_into'] = ('arg', c['argument']['merged_into'])
                elif 'inlined' in c:
                    f['inlined'] = c['inlined']
                arg_at[i] = f
                row.append(f)
            rows += row
        for f in rows:
            m = f.get('merged_into')
            if isinstance(m, tuple):
                t = (reach_at if m[0] == 'reach' else arg_at)[m[1]]
                f['merged_into'] = {'node': t['node'], 'rule': t['rule']}
                f['rule'] = t['rule']
        found += barriers + rows
    return graphs, found


def api_lines(api, files):
    """findings_api's line for each of files: all at once, else one by one,
    an input that crashes it or makes it hang (LLVM's readers on hostile
    input: the command reads in a child process) given an error line."""
    try:
        r = subprocess.run([api] + files, capture_output=True, text=True, timeout=60)
        lines = r.stdout.splitlines()
        if r.returncode == 0 and len(lines) == len(files):
            return lines
    except subprocess.TimeoutExpired:
        pass
    if len(files) == 1:
        return [json.dumps({'input': files[0], 'error': 'findings_api did not finish'})]
    out = []
    for f in files:
        out += api_lines(api, [f])
    return out


def reports(binary, files):
    """The check report of each of files, from one run over all of them:
    per input, its graphs, or None when the command could not check it."""
    r = subprocess.run([binary, 'check', '--format', 'json', '-j', '1', '--no-caret'] + files,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1, 2, 3):
        sys.exit('threadconv check exits %d on %s: %s' % (r.returncode, files, r.stderr[-2000:]))
    doc = json.loads(r.stdout)
    out = {f: [] for f in files}
    for g in doc['graphs']:
        out[g['input']].append(g)
    for e in doc.get('errors', []):
        out[e['file']] = None
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--api', required=True)
    ap.add_argument('--min', type=int, default=1)
    ap.add_argument('dirs', nargs='+')
    a = ap.parse_args()
    files = inputs(a.dirs)
    lines = []
    for at in range(0, len(files), 40):
        lines += api_lines(a.api, files[at:at + 40])
    batches = [files[at:at + 40] for at in range(0, len(files), 40)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        cli = {}
        for r in pool.map(lambda b: reports(a.bin, b), batches):
            cli.update(r)
    compared = rejected = findings = 0
    failures = []
    for path, line in zip(files, lines):
        got = json.loads(line)
        if cli[path] is None or 'error' in got:
            if cli[path] is None and 'error' in got:
                rejected += 1
                continue
            failures.append('%s: the command %s, the API says %s' %
                            (path, 'rejects it' if cli[path] is None else 'checks it',
                             got.get('error', 'nothing wrong')))
            continue
        try:
            graphs, want = from_report({'graphs': cli[path]})
        except (ValueError, KeyError) as e:
            failures.append('%s: unreadable report (%s)' % (path, e))
            continue
        compared += 1
        findings += len(want)
        if graphs != got['graphs']:
            failures.append('%s: checked graphs %s, the API %s' % (path, graphs, got['graphs']))
        elif want != got['findings']:
            for k in range(max(len(want), len(got['findings']))):
                w = want[k] if k < len(want) else None
                g = got['findings'][k] if k < len(got['findings']) else None
                if w != g:
                    failures.append('%s: finding %d:\n  report %s\n  API    %s' %
                                    (path, k, json.dumps(w), json.dumps(g)))
                    break
    print('%d inputs compared (%d findings), %d rejected by both, %d failures'
          % (compared, findings, rejected, len(failures)))
    for f in failures[:20]:
        print(f)
    if failures or compared < a.min:
        sys.exit(1)


if __name__ == '__main__':
    main()
