#!/usr/bin/env python3
"""Checks `threadconv check` on kernels whose barriers and warp collectives
are inside helper functions, with the helpers inlined and not.

usage: run-calls.py --bin THREADCONV --clang CLANG --work DIR [--nvcc NVCC]
                    [--nvcc-arch sm_NN] [--clang15 CLANG15]
                    [--llvm-spirv LLVM_SPIRV] [--glslang GLSLANG]
                    [--spirv-opt SPIRV_OPT] [--table]
                    SOURCE...

Each SOURCE (tests/kernels/calls/*.cu, *.cl, *.comp) is built several
ways (BUILDS), all with debug lines:

  .cu    clang-19 with kernels.FLAGS['.cu'] and -g to text IR at -O0, -O1
         and -O2 (ll-ON), the same with -DTC_INLINE (ll-ON-inline), and to
         PTX (-S without -emit-llvm) at -O0 and -O2 (ptx-ON); nvcc -ptx
         -lineinfo -O3 (nvcc-O3) and nvcc -ptx -G (nvcc-G) for --nvcc-arch
         (default sm_75, the oldest CUDA 13 supports);
  .cl    clang-19 with kernels.FLAGS['.cl'] (nvptx64, builtins left as
         calls) and -g to text IR at -O0, -O1 and -O2, with and without
         -DTC_INLINE; clang-15 and llvm-spirv-15 to SPIR-V at -O0 (spv-O0,
         run-kernels.py's compile_spirv);
  .comp  glslangValidator -V -g (spv-g: the functions are kept), -V -g
         -Os (spv-Os: glslang inlines them), -V -gVS
         (NonSemantic.Shader.DebugInfo.100; spv-gVS: kept) and that through
         spirv-opt -O (--spirv-opt; spv-gVS-opt: inlined, their code's
         positions with DebugInlinedAt);
  tests/kernels/toolkit/*.cu (CUDA written with the toolkit's headers: CUB,
         cooperative groups, half precision) nvcc-O3 and nvcc-G as above,
         and `threadconv check` on the source itself, which nvcc compiles
         (source-O3), and with `-- -G` (source-G); all skipped without nvcc.

The helpers are written so that one macro decides whether they are inlined:
HELPER (calls.cuh for CUDA; each .cl defines its own) is always_inline with
-DTC_INLINE and noinline without it; for GLSL, -Os is the switch. A build
whose tool is absent is skipped, with a line saying why; one that fails to
compile is a failure. "// no-nvcc: WHY" anywhere in a .cu leaves it out of
the nvcc builds, "// no-nvcc-G: WHY" out of the nvcc -G build only, and
"// not-in BUILD: WHY" out of the build named BUILD (ptx-O0, ...): each a
limit of threadconv's that WHY names; it is printed as the reason.

Markers, comments on a line of the source:

  // check: divergent     the barrier on this line is reported: some threads
                          of a block may reach it a different number of
                          times than others, in some calling context that a
                          kernel reaches
  // check: ok            it is not reported: the block reaches it together
                          in every context
  // check: either        either verdict is sound (a recursive helper whose
                          call's argument an analysis may take as unknown);
                          not judged, but the builds must agree
  // collective: divergent|ok|either
                          the same for the warp collective on the line (not
                          a call; reported: state U and not "masked")
  // call: divergent      a call of a helper: where the call stays a call
                          (the build lists a barrier entry with "call" at
                          this line), some reported barrier's "calls" chain
                          passes through it
  // call: ok             no reported barrier's "calls" chain passes through
                          this call

In `threadconv check --format json` on each build, the entries judged are
the barriers (and collectives) of every graph, kernels and helpers alike,
except calls: a barrier entry with "call", a collective of kind "call" or
"barrier". The verdict of a source line is "divergent" when some judged
entry at that line, in any graph, is reported (barrier: state U), else "ok";
a helper inlined at several places is so judged once for all its copies.
Per build:

- every judged entry has a position in SOURCE; every marked line has a
  judged entry, with the verdict marked; a reported entry is on a line
  marked for its kind; no collective has an "argument" reported;
- a reported barrier in a function that is not a kernel has "calls", the
  chain of call sites from it to a kernel, innermost first: the first
  names the barrier's function as "function", each one's "caller" is the
  next one's "function", the last one's caller is a kernel; the "call:"
  markers hold; or it has "callers_unknown" (a function no kernel calls
  by name: one called through a pointer);
- check exits 1 when it reports something, else 0.

Then, over the builds of one source, every marked line must have the same
verdict in every build: whether a helper is inlined must not change what
is reported. The rules of the findings on a line (after exit or not) must
be the same in every build too, except on a line marked

  // rules differ: WHY    a difference that WHY explains (printed): a helper
                          called from several places is one finding, not
                          after exit unless its calls are the only way to
                          it (docs/check.md), where its inlined copies are
                          judged one by one

Exit status 0, 1 on a problem, 77 (ctest's skip) when every build was
skipped. Output: one line per build with the verdict of each marked line (LINE:D
divergent, LINE:ok, LINE:- no entry), then the problems, then a summary
line; the exit status is 1 on any problem. --table also prints, per
language, a markdown table for the release notes: columns the builds, a
row per source with each build's status (ok, FAILED: some problem, the
builds' disagreement included; skipped; not built), then a row per marked
line (SOURCE:LINE) with its verdicts, D or ok, "!" after one that is not
the one marked ("-!": no entry).
"""
import argparse, importlib, os, re, shutil, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import kernels
run_kernels = importlib.import_module('run-kernels')

CHECK = re.compile(r'//\s*check:\s*(divergent|ok|either)\b')
COLLECTIVE = re.compile(r'//\s*collective:\s*(divergent|ok|either)\b')
CALL = re.compile(r'//\s*call:\s*(divergent|ok)\b')
RULES_DIFFER = re.compile(r'//\s*rules differ:\s*(.*)')
NO_NVCC = re.compile(r'//\s*no-nvcc:')
NO_NVCC_G = re.compile(r'//\s*no-nvcc-G:\s*(.*)')
NOT_IN = re.compile(r'//\s*not-in\s+([\w-]+):\s*(.*)')
DEFAULT_NVCC = '/usr/local/cuda/bin/nvcc'


class Skip(Exception):
    """A build whose tool is absent."""


def tool(path, option):
    found = shutil.which(path) if path else None
    if not found:
        raise Skip('%s not found (%s)' % (path or 'no tool', option))
    return found


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return '%s failed:\n%s%s' % (' '.join(cmd), p.stdout, p.stderr)
    return None


def clang_build(level, inline=False, ptx=False):
    def build(args, src, out, prefix):
        return kernels.compile_kernel(args.clang, src, out,
                                      [level, '-S'] + (['-DTC_INLINE'] if inline else []),
                                      emit_llvm=not ptx)
    return build


def nvcc_build(opts):
    def build(args, src, out, prefix):
        with open(src) as f:
            text = f.read()
        if NO_NVCC.search(text):
            raise Skip('the source says "no-nvcc:"')
        m = NO_NVCC_G.search(text)
        if '-G' in opts and m:
            raise Skip('the source says "no-nvcc-G: %s"' % m.group(1).strip())
        nvcc = tool(args.nvcc, '--nvcc')
        return run([nvcc, '-ptx', '-arch=' + args.nvcc_arch] + opts + [src, '-o', out])
    return build


def source_build(debug):
    def build(args, src, out, prefix):
        """Nothing to build: check compiles the source itself, with nvcc."""
        tool(args.nvcc, '--nvcc')
        with open(src) as f:
            m = NO_NVCC_G.search(f.read())
        if debug and m:
            raise Skip('the source says "no-nvcc-G: %s"' % m.group(1).strip())
        return None
    return build


def spirv_build(how, flags, needs):
    def build(args, src, out, prefix):
        for option in needs:
            tool(getattr(args, option[2:].replace('-', '_')), option)
        return run_kernels.compile_spirv(args, src, out, how, flags, prefix)
    return build


# clang-19 to text IR at -O0, -O1 and -O2, helpers not inlined, then inlined
IR_BUILDS = [('ll-%s%s' % (o, '-inline' if i else ''), '%s%s.ll' % (o, '.inline' if i else ''),
              clang_build('-' + o, i)) for i in (False, True) for o in ('O0', 'O1', 'O2')]
# language -> [(build name, output suffix, how: (args, source, output, prefix) ->
# an error text or None, or raises Skip)]
BUILDS = {
    '.cu': IR_BUILDS + [
        ('ptx-O0', 'O0.ptx', clang_build('-O0', ptx=True)),
        ('ptx-O2', 'O2.ptx', clang_build('-O2', ptx=True)),
        ('nvcc-O3', 'nvcc-O3.ptx', nvcc_build(['-lineinfo', '-O3'])),
        ('nvcc-G', 'nvcc-G.ptx', nvcc_build(['-G']))],
    '.cl': IR_BUILDS + [
        ('spv-O0', 'O0.spv', spirv_build('clang15', ['-O0'], ('--clang15', '--llvm-spirv')))],
    '.comp': [('spv-g', 'g.spv', spirv_build('glslang', ['-g'], ('--glslang',))),
              ('spv-Os', 'Os.spv', spirv_build('glslang', ['-g', '-Os'], ('--glslang',))),
              ('spv-gVS', 'gVS.spv', spirv_build('glslang', ['-gVS'], ('--glslang',))),
              ('spv-gVS-opt', 'gVS-opt.spv',
               spirv_build('opt', 'gVS.spv', ('--glslang', '--spirv-opt')))],
    # CUDA with the toolkit's headers: nvcc only; the source builds name no
    # output (check reads the source, with the arguments given)
    'toolkit': [
        ('nvcc-O3', 'nvcc-O3.ptx', nvcc_build(['-lineinfo', '-O3'])),
        ('nvcc-G', 'nvcc-G.ptx', nvcc_build(['-G'])),
        ('source-O3', None, source_build(False)),
        ('source-G', None, source_build(True))],
}
# the arguments check gets after a source build's source
SOURCE_ARGS = {'source-O3': [], 'source-G': ['--', '-G']}


def kind_of(src):
    """The BUILDS key of a source: its extension, or toolkit for the
    sources of tests/kernels/toolkit."""
    if os.path.basename(os.path.dirname(os.path.abspath(src))) == 'toolkit':
        return 'toolkit'
    return os.path.splitext(src)[1]


class Markers:
    """The markers of one source."""

    def __init__(self, path):
        self.base = os.path.basename(path)
        self.kernels = run_kernels.kernel_names(path)
        self.check, self.collective, self.call = {}, {}, {}
        self.rules_differ = {}
        with open(path) as f:
            for n, line in enumerate(f, 1):
                m = RULES_DIFFER.search(line)
                if m:
                    self.rules_differ[n] = m.group(1).strip()
                for marker, table in ((CHECK, self.check), (COLLECTIVE, self.collective),
                                      (CALL, self.call)):
                    m = marker.search(line)
                    if m:
                        table[n] = m.group(1)

    def lines(self):
        """(kind, line, verdict marked) of every marked barrier and collective"""
        return sorted([('barrier', n, v) for n, v in self.check.items()] +
                      [('collective', n, v) for n, v in self.collective.items()],
                      key=lambda x: x[1])


def position(entry, base):
    """entry's line if it has a position in base, else None"""
    line = entry.get('line')
    if line is None or os.path.basename(entry.get('file') or '') != base:
        return None
    return line


def judge(args, out, marks, extra=()):
    """Problems with `threadconv check` on one build (extra: its arguments
    after the file), and the verdicts it gave: (kind, line) -> divergent?
    for the marked lines with an entry."""
    name = os.path.basename(out) + ''.join(' ' + e for e in extra)
    status, graphs, failed = kernels.check_json(args.bin, out, extra)
    if failed:
        return [failed], {}
    problems, seen = [], {}
    reported = 0
    call_lines, chained = set(), set()
    for k in sorted(marks.kernels - {g['name'] for g in graphs}):
        problems.append('%s: no graph for kernel %s' % (name, k))
    for g in graphs:
        for b in g.get('barriers', []):
            line = position(b, marks.base)
            where = '%s: graph %s: barrier %s' % (name, g['name'], b['node'])
            if 'call' in b:
                if line is not None:
                    call_lines.add(line)
                continue
            rep = b['state'] == 'U'
            reported += rep
            if line is None:
                problems.append('%s: no position in %s' % (where, marks.base))
                continue
            where += ' (line %d)' % line
            if line in marks.check:
                seen['barrier', line] = seen.get(('barrier', line), False) or rep
                if rep:
                    f = g['barriers'][b['merged_into']] if 'merged_into' in b else b
                    seen.setdefault(('rule', 'barrier', line), set()).add(f.get('rule'))
            elif rep:
                problems.append('%s: reported, the line has no "// check:"' % where)
            if rep and g['name'] not in marks.kernels:
                # a copy (an unrolled loop's) has its first copy's finding
                f = g['barriers'][b['merged_into']] if 'merged_into' in b else b
                if not f.get('callers_unknown'):  # else one called through a pointer
                    problems += chain(where, g['name'], f.get('calls'), marks, chained)
        for c in g.get('collectives', []):
            if c['kind'] in ('call', 'barrier'):
                continue
            line = position(c, marks.base)
            where = '%s: graph %s: %s %s' % (name, g['name'], c['name'], c['node'])
            rep = c['state'] == 'U' and not c.get('masked')
            reported += rep + bool(c.get('argument'))
            if c.get('argument'):
                problems.append('%s: argument reported: %s' % (where, c['argument']))
            other = c.get('file') and os.path.basename(c['file']) != marks.base
            if line is None and other and not rep:
                # inside a header's function that nvcc -G keeps (a lambda of
                # cooperative groups'): judged there, and not reported
                continue
            if line is None:
                problems.append('%s: no position in %s%s' % (
                    where, marks.base, ' (reported at %s:%s)' % (c['file'], c.get('line'))
                    if other else ''))
            elif line in marks.collective:
                seen['collective', line] = seen.get(('collective', line), False) or rep
                if rep:
                    f = g['collectives'][c['merged_into']] if 'merged_into' in c else c
                    seen.setdefault(('rule', 'collective', line), set()).add(f.get('rule'))
            elif rep:
                problems.append('%s (line %d): reported, the line has no "// collective:"'
                                % (where, line))
    for kind, line, want in marks.lines():
        got = seen.get((kind, line))
        if got is None:
            problems.append('%s: no %s at %s:%d' % (name, kind, marks.base, line))
        elif want != 'either' and got != (want == 'divergent'):
            problems.append('%s: %s:%d: expected %s, got %s' % (
                name, marks.base, line, want, 'divergent' if got else 'ok'))
    for line, want in sorted(marks.call.items()):
        if want == 'divergent' and line in call_lines and line not in chained:
            problems.append('%s: %s:%d: no reported barrier\'s "calls" passes through this '
                            'call' % (name, marks.base, line))
    if status != (1 if reported else 0):
        problems.append('%s: check exited %d with %d report(s)' % (name, status, reported))
    return problems, seen


def chain(where, function, calls, marks, chained):
    """Problems with the "calls" of a barrier reported in function (not a
    kernel); the lines of its call sites go to chained."""
    if not calls:
        return ['%s: reported in %s, not a kernel, with no "calls"' % (where, function)]
    problems = []
    for i, c in enumerate(calls):
        line = position(c, marks.base)
        at = '%s: calls[%d] (%s in %s)' % (where, i, c.get('function'), c.get('caller'))
        want = calls[i - 1].get('caller') if i else function
        if c.get('function') != want:
            problems.append('%s: names %s, not %s' % (at, c.get('function'), want))
        if line is None:
            problems.append('%s: no position in %s' % (at, marks.base))
        else:
            chained.add(line)
            if marks.call.get(line) == 'ok':
                problems.append('%s: line %d is marked "call: ok"' % (at, line))
    if calls[-1].get('caller') not in marks.kernels:
        problems.append('%s: the chain ends in %s, not a kernel' % (
            where, calls[-1].get('caller')))
    return problems


def check(args, src, results):
    """Builds and judges one source; its problems. Appends (source, build,
    status: ok, FAILED, skipped or not built, verdicts) to results."""
    base = os.path.basename(src)
    stem = os.path.splitext(base)[0]
    ext = kind_of(src)
    if ext not in BUILDS:
        return ['%s: not a .cu, .cl or .comp file' % src]
    marks = Markers(src)
    if not marks.kernels:
        return ['%s: no kernel found' % base]
    if not marks.lines():
        return ['%s: no "// check:" or "// collective:" markers' % base]
    prefix = os.path.join(args.work, stem)
    problems, agreed = [], []
    with open(src) as f:
        not_in = {m.group(1): m.group(2).strip() for m in NOT_IN.finditer(f.read())}
    for build, suffix, how in BUILDS[ext]:
        out = '%s.%s' % (prefix, suffix) if suffix else src
        try:
            if build in not_in:
                raise Skip('the source says "not-in %s: %s"' % (build, not_in[build]))
            err = how(args, src, out, prefix)
        except Skip as why:
            print('%s %s: skipped: %s' % (base, build, why))
            results.append((src, build, 'skipped', {}))
            continue
        if err:
            problems.append(err)
            print('%s %s: FAILED to build' % (base, build))
            results.append((src, build, 'not built', {}))
            continue
        found, seen = judge(args, out, marks, SOURCE_ARGS.get(build, []) if not suffix else [])
        problems += found
        agreed.append((build, seen))
        results.append((src, build, 'FAILED' if found else 'ok', seen))
        print('%s %s: %s %s' % (base, build, ' '.join(
            '%d:%s' % (line, cell(seen.get((kind, line)))) for kind, line, _ in marks.lines()),
            'FAILED (%d)' % len(found) if found else 'ok'))
    for kind, line, want in marks.lines():
        got = [(b, seen[kind, line]) for b, seen in agreed if (kind, line) in seen]
        if len({v for _, v in got}) > 1:
            # a build with a verdict that is not the one marked has failed
            # already; where either is right, they all fail
            for i, r in enumerate(results):
                if want == 'either' and r[0] == src and r[1] in {b for b, _ in got}:
                    results[i] = r[:2] + ('FAILED',) + r[3:]
            problems.append('%s:%d: the verdicts differ between builds: %s' % (
                base, line, ', '.join('%s %s' % (b, cell(v)) for b, v in got)))
        # a finding's rule (after exit or not) is the same in every build
        rules = [(b, '/'.join(sorted(r or '?' for r in seen['rule', kind, line])))
                 for b, seen in agreed if ('rule', kind, line) in seen]
        if len({r for _, r in rules}) > 1 and line in marks.rules_differ:
            print('%s:%d: the rules differ between builds (%s): %s' % (
                base, line, marks.rules_differ[line], ', '.join('%s %s' % r for r in rules)))
        elif len({r for _, r in rules}) > 1:
            problems.append('%s:%d: the rules differ between builds: %s' % (
                base, line, ', '.join('%s %s' % (b, r) for b, r in rules)))
    return problems


def cell(divergent):
    return '-' if divergent is None else 'D' if divergent else 'ok'


def table(sources, results):
    """Markdown tables of the verdicts, one per language: a row with each
    build's status per source, then one per marked line."""
    got = {(s, b): (status, seen) for s, b, status, seen in results}
    for ext in BUILDS:
        srcs = [s for s in sources if kind_of(s) == ext]
        if not srcs:
            continue
        builds = [b for b, _, _ in BUILDS[ext]]
        print()
        print('| %s | marked | %s |' % (ext, ' | '.join(builds)))
        print('|---|---|%s' % ('---|' * len(builds)))
        for s in srcs:
            marks = Markers(s)
            print('| **%s** | | %s |' % (marks.base, ' | '.join(
                got.get((s, b), ('',))[0] for b in builds)))
            for kind, line, want in marks.lines():
                row = []
                for b in builds:
                    status, seen = got.get((s, b), ('', {}))
                    if status in ('skipped', 'not built', ''):
                        row.append('')
                        continue
                    d = seen.get((kind, line))
                    wrong = d is None or want != 'either' and d != (want == 'divergent')
                    row.append(cell(d) + ('!' if wrong else ''))
                print('| %s:%d | %s | %s |' % (marks.base, line,
                                             'D' if want == 'divergent' else want,
                                             ' | '.join(row)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--clang', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--nvcc', default=DEFAULT_NVCC if os.path.exists(DEFAULT_NVCC) else 'nvcc')
    ap.add_argument('--nvcc-arch', default='sm_75')
    ap.add_argument('--clang15', default='clang-15')
    ap.add_argument('--llvm-spirv', default='llvm-spirv-15')
    ap.add_argument('--glslang', default='glslangValidator')
    ap.add_argument('--spirv-opt', default='spirv-opt')
    ap.add_argument('--table', action='store_true')
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    problems, results = [], []
    for src in args.sources:
        problems += check(args, src, results)
    for p in problems:
        print(p, file=sys.stderr)
    if args.table:
        table(args.sources, results)
    counts = {}
    for _, _, status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    print('%d source(s), %d build(s): %d ok, %d FAILED, %d not built, %d skipped: %s' % (
        len(args.sources), len(results), counts.get('ok', 0), counts.get('FAILED', 0),
        counts.get('not built', 0), counts.get('skipped', 0),
        'FAILED (%d problem(s))' % len(problems) if problems else 'ok'))
    if problems:
        return 1
    # every build skipped (no nvcc for the toolkit's kernels): ctest's skip
    return 77 if results and counts.get('skipped', 0) == len(results) else 0


if __name__ == '__main__':
    sys.exit(main())
