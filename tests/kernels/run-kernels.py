#!/usr/bin/env python3
"""Compiles the test kernels with clang and checks threadconv's verdicts.

usage: run-kernels.py --bin THREADCONV --clang CLANG --work DIR
                      [--variant VARIANT] [--libclc BITCODE] KERNEL...

Each KERNEL (.cu: CUDA without the CUDA headers; .hip: HIP for AMDGPU with
threadconv's prelude in place of HIP's headers; .cl: OpenCL C) is compiled
with -g to several IR or PTX files, as VARIANT says (default nvptx):

  nvptx          for NVPTX at -O0, -O1 and -O2 to text IR, and at -O2 to
                 bitcode; OpenCL builtins are left as calls of external
                 functions (_Z12get_local_idj, _Z7barrierj);
  nvptx-libclc   .cl only: the same levels for nvptx64-unknown-nvidiacl, with
                 libclc's builtins (--libclc, e.g. /usr/lib/clc/
                 nvptx64--nvidiacl.bc) linked by -Xclang -mlink-builtin-bitcode;
                 plus -O0 with -Xclang -disable-llvm-passes ("O0-unopt");
  amdgcn         .cl only: for amdgcn-amd-amdhsa (-nogpulib) at -O0 and -O2,
                 builtins left as calls;
  amdgcn-libclc  .cl only: for amdgcn-unknown-amdhsa at -O0 and -O2 with
                 libclc's builtins (--libclc, e.g. /usr/lib/clc/
                 amdgcn--amdhsa.bc) linked;
  ptx            as nvptx (the same flags), but to PTX: -S without
                 -emit-llvm, at -O0, -O1 and -O2 (STEM.ptx.O0.ptx, ...);
                 threadconv reads the PTX text, the positions of the
                 barriers come from its .loc lines;
  ptx-libclc     .cl only: as nvptx-libclc (libclc linked), but to PTX at
                 -O0, -O1 and -O2 (-O1 and -O2 with -gdwarf-2: see
                 PTX_VARIANTS);
  spirv          .comp only (GLSL compute shaders, entry point main): to
                 SPIR-V with glslangValidator -V -g (--glslang), with -V -g
                 -Os, the first through spirv-opt -O (--spirv-opt), and with
                 -V -gV (NonSemantic.Shader.DebugInfo.100 as well), also
                 through spirv-opt -O (which inlines the helpers, their
                 code's positions kept with DebugInlinedAt);
                 threadconv reads the .spv, the barriers' positions come
                 from its OpLine instructions;
  spirv-cl       .cl only: with clang-15 (--clang15) for spir64 at -O0, -O1
                 and -O2 with -gline-tables-only to bitcode, which
                 llvm-spirv-15 (--llvm-spirv) translates to SPIR-V (it
                 rejects full debug information once optimised).

All variants must give the same verdicts: the expectations below are those
of the source, whatever the target, however the builtins arrive, and
whether threadconv reads the IR or the PTX that LLVM makes of it.

Every barrier call in the source carries a comment "// expect: no-rewrite"
(all its in-edges convergent) or "// expect: rewrite" (it needs the
warp-synchronous rewrite). In the JSON report of `threadconv analyze` on
each compiled file, every barrier of a kernel must have a position in the
kernel's source, on a line that carries an expectation, and the verdict
expected there; and every line that carries one must have a barrier.

Only the graphs of kernels are judged: the functions named in the source
after "kernel void" (OpenCL C) or "__global__ void" (CUDA; they must be
extern "C", so the graph has the same name). Every defined function is a
graph, and a call of a function that reaches a barrier is a barrier at the
call site; when libclc's builtins stay defined functions (O0-unopt: libclc
marks them always-inline, so every other build inlines them) the barrier
inside _Z7barrierj has no position in the kernel's source and no verdict of
its own to expect. The call sites of such functions in the kernels are the
barriers judged: they carry the kernel's source line.

For the libclc variants the compiled .ll must show that the builtins were
linked: no OpenCL builtin (a _Z function) stays declared, except those that
libclc 19 does not define (work_group_barrier); in every build but
O0-unopt no function other than the kernels stays defined (the builtins
were inlined, at -O2 down to target intrinsics), and in O0-unopt some do.
This is not checked on the PTX of ptx-libclc: the check reads the IR's
"define" and "declare" lines, and PTX has none (its functions are .entry,
.func and .extern .func directives, and an inlined builtin lowered to a
target intrinsic is an instruction, such as mov.u32 %r1, %tid.x, that names
no function). Nor is it needed: clang's front end links the builtins
(-mlink-builtin-bitcode) before the backend runs, so the IR the PTX is made
from is the IR that nvptx-libclc checks, built with the same flags.

In variant ptx at -O1 and -O2, "// ptx-opt-expect: rewrite" (or no-rewrite)
on a barrier line replaces its "expect:": LLVM's NVPTX back end adds
branches of its own when it optimises (a 64-bit division or remainder
becomes a branch between a 32-bit and a 64-bit one on the operands' high
bits), and where such a branch depends on the thread, the PTX needs the
rewrite that the IR does not. With libclc linked (ptx-libclc) LLVM sees
that get_local_id's result fits in 32 bits and adds no such branch. The
marker says so where it happens, with the reason in the source.

In the PTX variants, "// ptx-check: divergent [on VALUE]" (or ok) on a
barrier line replaces its "check:": where the PTX says less than the IR it
is made from (clang's NVPTX back end writes no .reqntid for OpenCL C's
reqd_work_group_size, so the PTX does not know the work-group's size). The
source says why where it is used.

Check mode: a barrier line may also carry "// check: divergent" (optionally
followed by "on VALUE", the thread-dependent value a note must name; in the
libclc variants, where get_local_id(0) and get_global_id(0) became reads of
the thread id, the note may name that read instead: LOWERED) or
"// check: ok"; "in FUNCTION" after it says that the barrier is inlined
from FUNCTION, called on that line, which the report must name (its
"inlined" field). `threadconv check --format json` must report (state U)
exactly the barriers on "divergent" lines, none on "ok" lines, no barrier on
an unmarked line nor in a function that is not a kernel, and exit 1 when it
reports something, 0 otherwise.
"""
import json, os, re, subprocess, sys

import kernels
BUILDS = [('O0.ll', ['-O0', '-S']), ('O1.ll', ['-O1', '-S']), ('O2.ll', ['-O2', '-S']),
          ('O2.bc', ['-O2', '-c'])]
# -S without -emit-llvm: PTX (kernels.compile_kernel with emit_llvm=False).
PTX_BUILDS = [('O0.ptx', ['-O0', '-S']), ('O1.ptx', ['-O1', '-S']), ('O2.ptx', ['-O2', '-S'])]
UNOPT = 'O0-unopt.ll'
# variant -> (triple of the .cl builds or None for kernels.FLAGS, libclc
# linked?, builds)
VARIANTS = {
    'nvptx': (None, False, BUILDS),
    'nvptx-libclc': ('nvptx64-unknown-nvidiacl', True,
                     BUILDS + [(UNOPT, ['-O0', '-Xclang', '-disable-llvm-passes', '-S'])]),
    'amdgcn': ('amdgcn-amd-amdhsa', False, [('O0.ll', ['-O0', '-S']), ('O2.ll', ['-O2', '-S'])]),
    'amdgcn-libclc': ('amdgcn-unknown-amdhsa', True,
                      [('O0.ll', ['-O0', '-S']), ('O2.ll', ['-O2', '-S'])]),
}
# The variants compiled to PTX, in the same form. Kept apart from VARIANTS,
# the IR variants that scripts/compare-binaries.py compiles.
# ptx-libclc asks for DWARF 2 at -O1 and -O2 (the version clang-19 uses for
# nvptx64-nvidia-cuda, so for every other PTX build): at its default for
# nvptx64-unknown-nvidiacl, DWARF 5, clang marks optimised functions
# DIFlagAllCallsDescribed, and LLVM 19's NVPTX assembly printer crashes
# (DwarfDebug::constructCallSiteEntryDIEs) on any call left in such a
# function (work_group_barrier, work_group_any: not in libclc). The .loc
# lines are the same; -O0 keeps DWARF 5 (no call-site information there), so
# that its form of .file (directory and name as two strings) is read too.
PTX_VARIANTS = {
    'ptx': (None, False, PTX_BUILDS),
    'ptx-libclc': ('nvptx64-unknown-nvidiacl', True,
                   [(suffix, opts + ([] if suffix == 'O0.ptx' else ['-gdwarf-2']))
                    for suffix, opts in PTX_BUILDS]),
}
# The variants to SPIR-V: variant -> (languages, builds); a build is (suffix,
# how: 'glslang' with its flags, 'opt' (spirv-opt -O of the build named), or
# 'clang15' with its flags).
SPIRV_VARIANTS = {
    'spirv': ('.comp', [('g.spv', 'glslang', ['-g']), ('Os.spv', 'glslang', ['-g', '-Os']),
                        ('opt.spv', 'opt', 'g.spv'), ('gV.spv', 'glslang', ['-gV']),
                        ('gV-opt.spv', 'opt', 'gV.spv')]),
    'spirv-cl': ('.cl', [('O0.spv', 'clang15', ['-O0']), ('O1.spv', 'clang15', ['-O1']),
                         ('O2.spv', 'clang15', ['-O2'])]),
}
# What a note names for an OpenCL builtin in SPIR-V, where it is a load of
# a BuiltIn variable.
SPIRV_LOWERED = {'get_%s_id(%d)' % (kind, d): {'%sInvocationId' % name}
                 for kind, name in (('local', 'Local'), ('global', 'Global'))
                 for d in range(3)}
# The variants for CUDA as well as OpenCL C.
BOTH_LANGUAGES = ('nvptx', 'ptx')
# What a note names for a thread-dependent OpenCL builtin once libclc has
# lowered it to the target's intrinsics (get_global_id(0) is computed from
# the local id): "check: ... on get_local_id(0)" accepts these as well in the
# libclc variants.
LOWERED = {'get_%s_id(%d)' % (kind, d): {'threadIdx.' + 'xyz'[d]}
           for kind in ('local', 'global') for d in range(3)}
# OpenCL builtins that libclc 19 does not define: they stay calls.
NOT_IN_LIBCLC = {'_Z18work_group_barrierj', '_Z14work_group_anyi'}
KERNEL = {'.cl': re.compile(r'\b(?:__)?kernel\s+(?:__attribute__\s*\(\(.*?\)\)\s*)*void\s+(\w+)\s*\('),
          '.comp': re.compile(r'\bvoid\s+(main)\s*\('),
          '.cu': re.compile(r'\b__global__\s+void\s+(\w+)\s*\('),
          '.hip': re.compile(r'\b__global__\s+void\s+(\w+)\s*\(')}
FUNCTION = re.compile(r'^(define|declare) [^@]*@("[^"]+"|[\w.$]+)\(', re.M)
EXPECT = re.compile(r'//\s*expect:\s*(no-rewrite|rewrite)\b')
CHECK = re.compile(r'//\s*check:\s*(divergent|ok)\b(?:\s+on\s+(\S+))?(?:\s+in\s+(\w+))?')


# What the PTX that LLVM's back end optimises says where it differs from the
# IR (see the docstring: "ptx-opt-expect").
PTX_OPT_EXPECT = re.compile(r'//\s*ptx-opt-expect:\s*(no-rewrite|rewrite)\b')


def expectations(path, marker=EXPECT):
    """line -> no-rewrite expected? from "expect:" (or another marker's)
    comments"""
    want = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = marker.search(line)
            if m:
                want[n] = m.group(1) == 'no-rewrite'
    return want


# What the PTX variants find where the PTX says less than the IR (see the
# docstring: "ptx-check").
PTX_CHECK = re.compile(r'//\s*ptx-check:\s*(divergent|ok)\b(?:\s+on\s+(\S+))?(?:\s+in\s+(\w+))?')


def check_markers(path, marker=CHECK):
    """line -> (divergent?, value a note must name or None, inlined function
    the report must name or None), from "check:" (or another marker's)
    comments"""
    want = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = marker.search(line)
            if m:
                want[n] = (m.group(1) == 'divergent', m.group(2), m.group(3))
    return want


def kernel_names(path):
    with open(path) as f:
        return set(KERNEL[os.path.splitext(path)[1]].findall(f.read()))


def linked(out, kernels, unopt):
    """Problems with a .ll built with libclc linked: builtins not linked, or
    (unless unopt) not inlined."""
    with open(out) as f:
        funcs = FUNCTION.findall(f.read())
    name = os.path.basename(out)
    problems = ['%s: %s is declared, not linked from libclc' % (name, fn)
                for kind, fn in funcs
                if kind == 'declare' and fn.startswith('_Z') and fn not in NOT_IN_LIBCLC]
    others = sorted(fn for kind, fn in funcs if kind == 'define' and fn not in kernels)
    if unopt and not others:
        problems.append('%s: no builtin stayed a defined function' % name)
    elif not unopt and others:
        problems.append('%s: not inlined: %s' % (name, ', '.join(others)))
    return problems


def check_mode(args, out, base, marks, kernels, lowered, extra=()):
    """Problems with `threadconv check` on one compiled file; lowered: the
    names a note may give instead of a builtin's (LOWERED or {})."""
    p = subprocess.run([args.bin, 'check', '--format', 'json'] + list(extra) + [out],
                       capture_output=True, text=True)
    name = os.path.basename(out)
    if p.returncode not in (0, 1):
        return ['%s: threadconv check failed (%d):\n%s' % (name, p.returncode, p.stderr)]
    problems = []
    reported = 0
    for g in json.loads(p.stdout)['graphs']:
        for b in g['barriers']:
            where = '%s: check: graph %s: barrier %s' % (name, g['name'], b['node'])
            if 'merged_into' in b:  # a copy: the finding is an earlier one's
                first = g['barriers'][b['merged_into']]
                b = dict(b, causes=first['causes'], **(
                    {'inlined': first['inlined']} if 'inlined' in first else {}))
            line = b.get('line')
            divergent = b['state'] != 'C'
            reported += divergent
            if g['name'] not in kernels:
                if divergent:
                    problems.append('%s: reported in a function that is not a kernel' % where)
                continue
            if line is None or os.path.basename(b.get('file', '')) != base:
                problems.append('%s: no position in %s' % (where, base))
                continue
            if line not in marks:
                if divergent:
                    problems.append('%s: line %d reported, has no "// check:"' % (where, line))
                continue
            want, value, inlined = marks[line]
            if divergent != want:
                problems.append('%s: line %d: expected %s, got %s' % (
                    where, line, 'divergent' if want else 'ok',
                    'divergent' if divergent else 'ok'))
            elif value and not ({value} | lowered.get(value, set())) & {
                    c.get('depends_on') for c in b['causes']}:
                problems.append('%s: line %d: no cause depends on %s (causes: %s)' % (
                    where, line, value, b['causes']))
            elif inlined and b.get('inlined', {}).get('function') != inlined:
                problems.append('%s: line %d: not named as inlined from %s (%s)' % (
                    where, line, inlined, b.get('inlined')))
    if p.returncode != (1 if reported else 0):
        problems.append('%s: check exited %d with %d barrier(s) reported' % (
            name, p.returncode, reported))
    return problems


def analyze_mode(args, out, base, want, kernels, extra=()):
    """Problems with `threadconv analyze` on one compiled file (IR or PTX):
    want: line -> no-rewrite expected? (expectations)."""
    name = os.path.basename(out)
    p = subprocess.run([args.bin, 'analyze', '--format', 'json'] + list(extra) + [out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return ['%s: threadconv failed (%d):\n%s' % (out, p.returncode, p.stderr)]
    problems = []
    seen = set()
    graphs = json.loads(p.stdout)['graphs']
    for k in sorted(kernels - {g['name'] for g in graphs}):
        problems.append('%s: no graph for kernel %s' % (name, k))
    for g in graphs:
        if g['name'] not in kernels:
            continue
        for b in g['barriers']:
            where = '%s: graph %s: barrier %s' % (name, g['name'], b['node'])
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
    for line in sorted(set(want) - seen):
        problems.append('%s: no barrier at %s:%d' % (name, base, line))
    return problems


def markers(src):
    """The expectations, the check markers and the kernel names of a source,
    and a problem when it has no expectations or no kernel."""
    base = os.path.basename(src)
    want, marks, names = expectations(src), check_markers(src), kernel_names(src)
    missing = (['%s: no "// expect:" comments' % base] if not want else
               ['%s: no kernel found' % base] if not names else [])
    return want, marks, names, missing


def compile_spirv(args, src, out, how, flags, work_prefix):
    """Builds one SPIR-V variant of src at out; an error text or None."""
    if how == 'glslang':
        cmd = [args.glslang, '-V', '--target-env', 'vulkan1.1'] + flags + [src, '-o', out]
    elif how == 'opt':
        cmd = [args.spirv_opt, '-O', '%s.%s' % (work_prefix, flags), '-o', out]
    else:
        bc = out[:-4] + '.bc'
        cmd = [args.clang15, '-target', 'spir64', '-x', 'cl', '-cl-std=CL2.0', '-Xclang',
               '-finclude-default-header', '-gline-tables-only', '-emit-llvm', '-c'] + flags + [
                   src, '-o', bc]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            return '%s failed:\n%s' % (' '.join(cmd), p.stderr)
        cmd = [args.llvm_spirv, bc, '-o', out]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return '%s failed:\n%s%s' % (' '.join(cmd), p.stdout, p.stderr)
    return None


def check_spirv(args, src):
    """Problems with one kernel source in a SPIR-V variant."""
    base = os.path.basename(src)
    stem, ext = os.path.splitext(base)
    lang, builds = SPIRV_VARIANTS[args.variant]
    if ext != lang:
        return ['%s: variant %s is for %s files only' % (base, args.variant, lang)]
    want, marks, names, missing = markers(src)
    if missing:
        return missing
    prefix = os.path.join(args.work, '%s.%s' % (stem, args.variant))
    known = translator_faults()
    problems = []
    for suffix, how, flags in builds:
        out = '%s.%s' % (prefix, suffix)
        key = fault_key(src, suffix)
        fault = known.get(key)
        err = compile_spirv(args, src, out, how, flags, prefix)
        if fault and fault[0] == 'fails':
            if not err:
                problems.append('%s %s: listed in %s as failing to translate, but it '
                                'translates now' % (base, suffix, FAULTS))
            continue
        if err:
            problems.append(err)
            continue
        problems += spirv_rules(args.bin, out, key, fault)
        problems += analyze_mode(args, out, base, want, names)
        problems += check_mode(args, out, base, marks, names,
                               SPIRV_LOWERED if ext == '.cl' else {})
    return problems


# The SPIR-V that LLVM 15's translator cannot make, or makes breaking rules
# of SPIR-V that threadconv reads without, from clang-15's IR of the OpenCL
# kernels (here and in collectives/): one line per build, "KERNEL BUILD
# fails|warns: what", KERNEL relative to this folder. A build that "fails"
# must fail; one that "warns" must be read by `threadconv check` with the
# one warning that names the rules broken, exactly those listed, and give
# the expected verdicts; a build not listed must give no such warning.
FAULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'spirv-cl-faults.txt')
# the start of threadconv's warning, and its end
RULES_WARNING = re.compile(r"warning: the module breaks SPIR-V's rules? that (.*); read as it "
                           r"is, since the analysis does not depend on (?:it|them)$", re.M)


def translator_faults():
    """(KERNEL, BUILD) -> ('fails', why) or ('warns', set of rules)."""
    found = {}
    with open(FAULTS) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                head, _, why = line.partition(':')
                kernel, build, kind = head.split()
                why = why.strip()
                found[kernel, build] = (kind, set(r.strip() for r in why.split(';'))
                                        if kind == 'warns' else why)
    return found


def fault_key(src, build):
    """The key of a build of src in FAULTS."""
    return (os.path.relpath(os.path.abspath(src), os.path.dirname(FAULTS)), build)


def spirv_rules(binary, out, key, fault):
    """Problems with the warning `threadconv check` gives on the SPIR-V
    build out (key in FAULTS, fault its line there or None): it must name
    the rules listed, no others, and none when the build is not listed."""
    p = subprocess.run([binary, 'check', '-o', os.devnull, out], capture_output=True,
                       text=True)
    if p.returncode not in (0, 1):
        return ['%s: threadconv check failed (%d):\n%s' % (out, p.returncode, p.stderr)]
    found = RULES_WARNING.findall(p.stderr)
    # each rule is "RULE (where)", after the first one "; that "
    rules = set(re.sub(r' \(.*', '', r) for r in found[0].split('; that ')) if found else set()
    want = fault[1] if fault and fault[0] == 'warns' else set()
    if len(found) > 1:
        return ['%s: %d warnings about the rules of SPIR-V, not one' % (out, len(found))]
    if rules != want:
        return ['%s %s: threadconv warns of the rules %s, %s lists %s' % (
            key[0], key[1], sorted(rules) or 'none', os.path.basename(FAULTS),
            sorted(want) or 'none')]
    return []


def check(args, src):
    """Returns a list of problems with one kernel source."""
    if args.variant in SPIRV_VARIANTS:
        return check_spirv(args, src)
    base = os.path.basename(src)
    stem, ext = os.path.splitext(base)
    ptx = args.variant in PTX_VARIANTS
    triple, libclc, builds = (PTX_VARIANTS if ptx else VARIANTS)[args.variant]
    if ext != '.cl' and args.variant not in BOTH_LANGUAGES:
        return ['%s: variant %s is for OpenCL C only' % (base, args.variant)]
    if libclc and not args.libclc:
        return ['variant %s needs --libclc' % args.variant]
    flags = kernels.opencl_flags(triple, args.libclc if libclc else None) if triple else None
    prefix = stem if args.variant == 'nvptx' else '%s.%s' % (stem, args.variant)
    want, marks, names, missing = markers(src)
    if missing:
        return missing
    problems = []
    for suffix, opts in builds:
        out = os.path.join(args.work, '%s.%s' % (prefix, suffix))
        err = kernels.compile_kernel(args.clang, src, out, opts, flags, emit_llvm=not ptx)
        if err:
            problems.append(err)
            continue
        if libclc and out.endswith('.ll'):
            problems += linked(out, names, suffix == UNOPT)
        here = want
        if args.variant == 'ptx' and not suffix.startswith('O0'):
            here = {**want, **expectations(src, PTX_OPT_EXPECT)}
        problems += analyze_mode(args, out, base, here, names)
        checks = {**marks, **check_markers(src, PTX_CHECK)} if ptx else marks
        problems += check_mode(args, out, base, checks, names, LOWERED if libclc else {})
    return problems


if __name__ == '__main__':
    sys.exit(kernels.main(check, optional_args=[
        ('--variant', {'choices': sorted(list(VARIANTS) + list(PTX_VARIANTS) +
                                         list(SPIRV_VARIANTS)),
                       'default': 'nvptx'}),
        ('--libclc', {'default': None}),
        ('--glslang', {'default': 'glslangValidator'}),
        ('--spirv-opt', {'default': 'spirv-opt'}),
        ('--clang15', {'default': 'clang-15'}),
        ('--llvm-spirv', {'default': 'llvm-spirv-15'})]))
