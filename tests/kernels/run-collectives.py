#!/usr/bin/env python3
"""Compiles the collectives test kernels with clang and checks the
collective verdicts of `threadconv check`.

usage: run-collectives.py --bin THREADCONV --clang CLANG --work DIR
                          [--clang15 CLANG15 --llvm-spirv LLVM_SPIRV] KERNEL...

The kernels are tests/kernels/collectives/*.cu (CUDA without the CUDA
headers: extern "C" kernels, `#define __global__ __attribute__((global))`,
clang's __nvvm_* builtins) and *.cl (OpenCL C 2.0 with cl_khr_subgroups).
Each is compiled with -g to text IR (BUILDS):

  .cu   for NVPTX (kernels.FLAGS['.cu'], sm_70) at -O0, -O1 and -O2;
  .cl   for nvptx64-nvidia-cuda at -O0, -O1 and -O2, for amdgcn-amd-amdhsa
        (-mcpu=gfx90a: wavefronts of 64) at -O1 and for spir64 at -O1,
        with kernels.opencl_flags(triple) and -Xclang
        -cl-ext=+cl_khr_subgroups; the builtins stay calls of external
        functions. A target that CLANG was built without (clang
        -print-targets) is skipped, with a line saying so.

and `threadconv check --format json` runs on every build. Each .cl is also
built to SPIR-V, with clang-15 (--clang15) for spir64 at -O0, -O1 and -O2
with the same flags and -gline-tables-only, and llvm-spirv-15
(--llvm-spirv), as run-kernels.py's variant spirv-cl does; those builds are
judged as spir64's, read by `threadconv check` as they are (without
--no-validate), and ../spirv-cl-faults.txt lists the builds the translator
cannot make or makes breaking rules of SPIR-V (run-kernels.py,
spirv_rules). Without --clang15 and --llvm-spirv they are skipped, with a
line saying so.

Markers, comments on the line of the call in the source:

  // collective: ok            the collective (or call of a function that
                               executes collectives, or barrier) on this
                               line is not reported: its group reaches it
                               together, or its mask is not the constant
                               full mask (a masked warp operation is never
                               reported, JSON "masked")
  // collective: divergent     it is reported (-Wcollective-divergence;
                               for a barrier, -Wbarrier-divergence)
  // collective: divergent on VALUE
                               and some cause's depends_on is VALUE (for
                               builds whose builtins are lowered to target
                               intrinsics, also the names in run-kernels.py's
                               LOWERED; none of the present builds is)
  // collective: divergent [on VALUE] in FUNCTION
                               and the collective was inlined from the
                               helper FUNCTION, of another file, which the
                               report names (JSON "inlined")
  // argument: divergent [on VALUE]
                               an argument that must be the same in the
                               whole group may differ (-Wcollective-
                               argument): some entry on the line has an
                               "argument" (whose depends_on is VALUE)
  // TARGET: ok|divergent [on VALUE]
                               (TARGET nvptx, amdgcn or spir64) replaces the
                               "collective:" verdict in the builds for that
                               target: for a verdict that rests on the
                               warp (sub-group) size, 32 on nvptx, 64 on
                               amdgcn, unknown on spir64; the kernel says
                               why in a comment
  // arch: sm_NN               (.cu, anywhere in the file) compiles for
                               sm_NN instead of sm_70 (__reduce_*_sync needs
                               sm_80)

The verdicts are those of the source on real hardware, not whatever
threadconv prints: a collective is "divergent" when some thread of its
group (the warp for a full-mask warp operation, the work-group for a
work-group function or async copy, the sub-group for a sub-group function)
may not reach it while another does; the work-group's x size is taken to be
a multiple of the warp size unless the kernel declares its size
(reqd_work_group_size), as threadconv documents.

The graphs judged are those of kernels: the functions named in the source
after "__global__ void" (CUDA, extern "C" so that the graph has that name)
or "kernel [__attribute__((...))] void" (OpenCL C), and the helpers `check`
lists (a function that was not inlined, judged in every calling context:
docs/check.md): their entries on marked lines are judged as a kernel's, and
any other entry of them must not be reported. A call of a helper that
executes collectives (kind "call", or a barrier with "call") is no finding:
its marker says whether its group reaches the call together (its state),
and the collectives inside are reported on their own lines. Checked for every build, in every kernel graph, for
the entries of "collectives" and "barriers" that have a position in the
source:

- an entry on a marked line has that line's verdict (reported: a
  collective or call that is not masked, in state U; a barrier in state U;
  a "barrier" entry of "collectives" is listed for its argument only and
  has no verdict of its own), and "on VALUE" is named by a cause of a
  reported one;
- every marked line has an entry (in a kernel's graph, or one judged so);
- an entry on an unmarked line is not reported, and none in a function
  that is not a kernel; every collective (not barrier) entry of a kernel
  is on a marked line;
- every entry with an "argument" is on a line with an "argument:" marker
  (with VALUE its depends_on), and every such line has one;
- every kernel has a graph, and every collective of a kernel a position;
- check exits 1 when it reports something (a divergent collective or
  barrier, or an argument), 0 otherwise.

Then, over the builds of one source: every marked line must have the same
verdict at every optimisation level and, where no "TARGET:" marker says
otherwise, for every target; a line whose verdicts differ is listed with
the verdict of each build (besides the problems found per build).

tests/kernels/collectives/disputed/ holds kernels with the right markers
where threadconv does not reach them yet; ctest does not run them (its
README.md says what threadconv gives instead).
"""
import importlib, os, re, subprocess, sys

import kernels
run_kernels = importlib.import_module('run-kernels')

# The OpenCL C flags every .cl build adds to kernels.opencl_flags(triple).
CL_EXTRA = ['-Xclang', '-cl-ext=+cl_khr_subgroups']
# language -> builds: (target of the markers, LLVM target clang must have or
# None, clang flags or None for kernels.FLAGS, optimisation levels, builtins
# lowered to target intrinsics?)
BUILDS = {
    '.cu': [('nvptx', 'nvptx', None, ['-O0', '-O1', '-O2'], False)],
    '.cl': [('nvptx', 'nvptx', kernels.opencl_flags('nvptx64-nvidia-cuda') + CL_EXTRA,
             ['-O0', '-O1', '-O2'], False),
            ('amdgcn', 'amdgcn',
             kernels.opencl_flags('amdgcn-amd-amdhsa') + CL_EXTRA + ['-mcpu=gfx90a'],
             ['-O1'], False),
            ('spir64', None, kernels.opencl_flags('spir64') + CL_EXTRA, ['-O1'], False)],
}
TARGETS = ('nvptx', 'amdgcn', 'spir64')
# The SPIR-V builds of a .cl (target spir64): optimisation levels.
SPIRV_LEVELS = ['-O0', '-O1', '-O2']
# What a note names for an OpenCL builtin in SPIR-V, where it is a load of
# a BuiltIn variable (run-kernels.py's SPIRV_LOWERED, for the collectives'
# builtins as well).
SPIRV_LOWERED = {'get_local_id(0)': {'LocalInvocationId'},
                 'get_local_id(1)': {'LocalInvocationId'},
                 'get_global_id(0)': {'GlobalInvocationId'},
                 'get_local_linear_id()': {'LocalInvocationIndex', 'LocalInvocationId'},
                 'get_sub_group_local_id()': {'SubgroupLocalInvocationId'},
                 'get_sub_group_id()': {'SubgroupId'}}
KERNEL = {'.cu': re.compile(r'\b__global__\s+void\s+(\w+)\s*\('),
          '.cl': re.compile(r'\b(?:__)?kernel\s+(?:__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)\s*)*'
                            r'void\s+(\w+)\s*\(')}
VERDICT = r'(divergent|ok)\b(?:\s+on\s+(\S+))?(?:\s+in\s+(\w+))?'
COLLECTIVE = re.compile(r'//\s*collective:\s*' + VERDICT)
TARGET = re.compile(r'//\s*(%s):\s*' % '|'.join(TARGETS) + VERDICT)
ARGUMENT = re.compile(r'//\s*argument:\s*divergent\b(?:\s+on\s+(\S+))?')
ARCH = re.compile(r'//\s*arch:\s*(sm_\d+)\b')


class Markers:
    """The markers of one source: line -> verdict per target, argument
    lines, the kernels' names, the CUDA arch."""

    def __init__(self, path):
        self.base = os.path.basename(path)
        ext = os.path.splitext(path)[1]
        # line -> {target or None: (divergent?, VALUE or None, FUNCTION or None)}
        self.verdicts = {}
        self.arguments = {}    # line -> VALUE or None
        self.arch = None
        with open(path) as f:
            text = f.read()
        self.kernels = set(KERNEL[ext].findall(text))
        for n, line in enumerate(text.split('\n'), 1):
            m = COLLECTIVE.search(line)
            if m:
                self.verdicts[n] = {None: (m.group(1) == 'divergent', m.group(2), m.group(3))}
                for t in TARGET.finditer(line):
                    self.verdicts[n][t.group(1)] = (t.group(2) == 'divergent', t.group(3),
                                                    t.group(4))
            elif TARGET.search(line):
                self.verdicts[n] = None   # a target marker without "collective:"
            m = ARGUMENT.search(line)
            if m:
                self.arguments[n] = m.group(1)
            m = ARCH.search(line)
            if m:
                self.arch = m.group(1)

    def problems(self):
        found = []
        if not self.kernels:
            found.append('%s: no kernel found' % self.base)
        if not self.verdicts:
            found.append('%s: no "// collective:" markers' % self.base)
        for n, v in sorted(self.verdicts.items()):
            if v is None:
                found.append('%s:%d: a target marker without "// collective:"' % (self.base, n))
        for n in sorted(set(self.arguments) - set(self.verdicts)):
            found.append('%s:%d: "// argument:" without "// collective:"' % (self.base, n))
        return found

    def want(self, line, target):
        """(divergent?, VALUE, FUNCTION) expected at line in a build for target."""
        v = self.verdicts[line]
        return v.get(target, v[None])


def clang_targets(clang):
    p = subprocess.run([clang, '-print-targets'], capture_output=True, text=True)
    return p.stdout if p.returncode == 0 else ''


def with_finding(entry, array):
    """entry, with the causes and inlined note of the finding it is merged
    into when it is a copy of another (an unrolled loop's: merged_into)."""
    if 'merged_into' not in entry:
        return entry
    first = array[entry['merged_into']]
    e = dict(entry, causes=first.get('causes', []))
    if 'inlined' in first:
        e['inlined'] = first['inlined']
    return e


def entries(graph):
    """The entries of a graph that have a verdict or an argument: (what,
    entry, divergent?, has a verdict?, a collective (not a barrier)?, a
    finding (not a call)?)."""
    for b in graph.get('barriers', []):
        b = with_finding(b, graph['barriers'])
        yield 'barrier %s' % b['node'], b, b['state'] == 'U', True, False, 'call' not in b
    for c in graph.get('collectives', []):
        c = with_finding(c, graph['collectives'])
        verdict = c['kind'] != 'barrier'
        call = c['kind'] == 'call'
        reported = verdict and (call or not c.get('masked')) and c['state'] == 'U'
        yield ('%s %s %s' % (c['kind'], c['name'], c['node']), c, reported, verdict, verdict,
               not call)


def check_build(args, out, marks, target, lowered):
    """Problems with `threadconv check` on one build, and the verdicts it
    gave: line -> divergent? (for marked lines with an entry)."""
    name = os.path.basename(out)
    status, graphs, failed = kernels.check_json(args.bin, out)
    if failed:
        return [failed], {}
    problems = []
    reported = 0
    seen = {}          # line -> divergent? (any reported entry on it)
    argued = set()
    for k in sorted(marks.kernels - {g['name'] for g in graphs}):
        problems.append('%s: no graph for kernel %s' % (name, k))
    for g in graphs:
        kernel = g['name'] in marks.kernels
        for what, e, rep, verdict, collective, finding in entries(g):
            arg = e.get('argument')
            reported += (rep and finding) + bool(arg)
            where = '%s: graph %s: %s' % (name, g['name'], what)
            line = e.get('line')
            placed = line is not None and os.path.basename(e.get('file', '')) == marks.base
            if not kernel and not (placed and (line in marks.verdicts or
                                               line in marks.arguments)):
                # `check` lists kernels only; should it list a helper, what
                # it reports there must be on a marked line
                if rep or arg:
                    problems.append('%s: reported in a function that is not a kernel, on a '
                                    'line with no marker' % where)
                continue
            if not placed:
                problems.append('%s: no position in %s' % (where, marks.base))
                continue
            at = '%s: line %d' % (where, line)
            if arg:
                if line not in marks.arguments:
                    problems.append('%s: argument %s (%s, depends on %s) reported, the line '
                                    'has no "// argument:"' % (
                                        at, arg.get('index'), arg.get('name'),
                                        arg.get('depends_on')))
                else:
                    argued.add(line)
                    value = marks.arguments[line]
                    if value and arg.get('depends_on') not in {value} | lowered.get(value, set()):
                        problems.append('%s: argument depends on %s, not %s' % (
                            at, arg.get('depends_on'), value))
            if not verdict:
                continue
            if line not in marks.verdicts:
                if rep:
                    problems.append('%s: reported, the line has no "// collective:"' % at)
                elif collective and kernel:
                    problems.append('%s: a collective on a line with no "// collective:"' % at)
                continue
            seen[line] = seen.get(line, False) or rep
            want, value, inlined = marks.want(line, target)
            if rep != want:
                problems.append('%s: expected %s, got %s (state %s%s)' % (
                    at, 'divergent' if want else 'ok', 'divergent' if rep else 'ok',
                    e['state'], ', masked' if e.get('masked') else ''))
            elif rep and finding and value and not ({value} | lowered.get(value, set())) & {
                    c.get('depends_on') for c in e.get('causes', [])}:
                problems.append('%s: no cause depends on %s (causes: %s)' % (
                    at, value, e.get('causes')))
            elif rep and finding and inlined and e.get('inlined', {}).get('function') != inlined:
                problems.append('%s: not named as inlined from %s (%s)' % (
                    at, inlined, e.get('inlined')))
    for line in sorted(set(marks.verdicts) - set(seen)):
        problems.append('%s: no collective or barrier at %s:%d' % (name, marks.base, line))
    for line in sorted(set(marks.arguments) - argued):
        problems.append('%s: %s:%d: no argument reported' % (name, marks.base, line))
    if status != (1 if reported else 0):
        problems.append('%s: check exited %d with %d report(s)' % (name, status, reported))
    return problems, seen


def compare_builds(marks, verdicts):
    """Problems where the builds disagree on a marked line that should have
    the same verdict: verdicts is [(build, target, line -> divergent?)]."""
    problems = []
    for line in sorted(marks.verdicts):
        # the builds that must agree: all of them for a line without
        # TARGET markers, else those of one target
        groups = {}
        for build, target, seen in verdicts:
            key = target if target in marks.verdicts[line] else None
            groups.setdefault(key, []).append((build, seen.get(line)))
        for key, got in sorted(groups.items(), key=lambda kv: str(kv[0])):
            if len({v for _, v in got}) > 1:
                problems.append('%s:%d: the verdicts differ between builds%s: %s' % (
                    marks.base, line, ' for %s' % key if key else '',
                    ', '.join('%s %s' % (b, 'none' if v is None else
                                         'divergent' if v else 'ok') for b, v in got)))
    return problems


def check(args, src):
    """Returns a list of problems with one kernel source."""
    stem, ext = os.path.splitext(os.path.basename(src))
    if ext not in BUILDS:
        return ['%s: not a .cu or .cl file' % src]
    marks = Markers(src)
    problems = marks.problems()
    if problems:
        return problems
    available = clang_targets(args.clang)
    verdicts = []
    for target, backend, flags, levels, lowered in BUILDS[ext]:
        if backend and backend not in available:
            print('%s: %s has no %s target: not built for it' % (marks.base, args.clang, backend))
            continue
        if flags is None:
            flags = kernels.FLAGS[ext]
            if marks.arch:
                flags = [f if not f.startswith('--cuda-gpu-arch=') else
                         '--cuda-gpu-arch=' + marks.arch for f in flags]
        for level in levels:
            out = os.path.join(args.work, '%s.%s.%s.ll' % (stem, target, level[1:]))
            err = kernels.compile_kernel(args.clang, src, out, [level, '-S'], flags)
            if err:
                problems.append(err)
                continue
            found, seen = check_build(args, out, marks, target,
                                      run_kernels.LOWERED if lowered else {})
            problems += found
            verdicts.append(('%s -%s' % (target, level[1:]), target, seen))
    if ext == '.cl':
        problems += check_spirv(args, src, marks, verdicts)
    return problems + compare_builds(marks, verdicts)


def check_spirv(args, src, marks, verdicts):
    """Problems with the SPIR-V builds of src (clang-15 and llvm-spirv-15),
    whose verdicts are added to verdicts."""
    if not args.clang15 or not args.llvm_spirv:
        print('%s: no --clang15 and --llvm-spirv: not built to SPIR-V' % marks.base)
        return []
    stem = os.path.splitext(marks.base)[0]
    prefix = os.path.join(args.work, '%s.spirv' % stem)
    known = run_kernels.translator_faults()
    problems = []
    for level in SPIRV_LEVELS:
        out = '%s.%s.spv' % (prefix, level[1:])
        key = run_kernels.fault_key(src, os.path.basename(out)[len(stem) + 7:])
        fault = known.get(key)
        err = run_kernels.compile_spirv(args, src, out, 'clang15', [level] + CL_EXTRA, prefix)
        if fault and fault[0] == 'fails':
            if not err:
                problems.append('%s %s: listed in %s as failing to translate, but it '
                                'translates now' % (key[0], key[1], run_kernels.FAULTS))
            continue
        if err:
            problems.append(err)
            continue
        problems += run_kernels.spirv_rules(args.bin, out, key, fault)
        found, seen = check_build(args, out, marks, 'spir64', SPIRV_LOWERED)
        problems += found
        verdicts.append(('spirv -%s' % level[1:], 'spir64', seen))
    return problems


if __name__ == '__main__':
    sys.exit(kernels.main(check, optional_args=[('--clang15', {'default': None}),
                                                ('--llvm-spirv', {'default': None})]))
