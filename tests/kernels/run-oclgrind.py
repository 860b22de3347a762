#!/usr/bin/env python3
"""Runs the OpenCL test kernels in Oclgrind and checks their "// check:"
verdicts against the barrier divergence it sees.

usage: run-oclgrind.py --oclgrind OCLGRIND_KERNEL --work DIR [--timeout S] KERNEL.cl...

Every barrier line of a test kernel says what `threadconv check` finds
there: "// check: divergent" (reached by only some work-items of a group)
or "// check: ok" (see run-kernels.py). Oclgrind, an OpenCL simulator,
executes a kernel and reports "Work-group divergence detected (barrier)"
when the work-items of a group do not all meet at the same barrier: when
some finished the kernel ("Only N out of M work-items executed barrier",
naming that barrier), or wait at another barrier (naming both: the one
this work-item reached and the one the others did).

Launches: tests/kernels/oclgrind/STEM.KERNEL.N.sim (N = 1, 2, ...), each a
simulator file of oclgrind-kernel for kernel KERNEL of STEM.cl: the source
file, the kernel's name, the global and the local size (x y z), then one
line per argument in order: a buffer "<size=BYTES fill=V>",
"<size=BYTES range=FIRST:STEP:LAST>" or "<size=BYTES>" followed by its
values, local memory "<size=BYTES>", a scalar "<size=4> VALUE"; "#" starts
a comment. The comment at the top of each says what the launch exercises
and what it is expected to show. The source file is named relative to the
.sim (../STEM.cl), alone on its line; the script writes a copy of the .sim
that names it by its absolute path into the work directory and runs that
one, so the current directory does not matter. Each launch runs as

  oclgrind-kernel --build-options '-cl-std=CL2.0 -cl-opt-disable' --num-threads 1 SIM

with a timeout (--timeout, default 60 s): OpenCL C 2.0 as run-kernels.py
compiles (work_group_barrier); unoptimized, since Oclgrind's optimizer may
merge the barrier calls of the two arms of a branch into one after it (seen
with "if (c) barrier(...); else barrier(...);"), and the divergence of the
source's barriers is then no longer seen (for the present kernels it makes
no difference); one thread, so each group's messages come in order.
Oclgrind 21.10 does not implement work_group_any and work_group_all
("Undefined external function"): for a source that calls one,
oclgrind/shims.h (the two written with barriers and a global array) is
added with -include, which leaves the source's line numbers as they are.
--data-races and --uninitialized are not used: the test kernels read their
neighbours' elements of local memory before a barrier on purpose (e.g.
"out[t] = buf[t ^ 1]"), and those reports say nothing about barriers.

Checked, for each KERNEL.cl, a kernel's barrier lines being those from its
"kernel void NAME(" to the next kernel's:

- every kernel has at least one launch file, and every launch file names a
  kernel of the source, and the source itself;
- Oclgrind builds the source and runs each launch to its end in time with
  no message other than barrier divergence: a build failure, a bad .sim,
  an invalid memory access or a timeout fails, with Oclgrind's message;
- a kernel whose barrier lines are all "check: ok" diverges under none of
  its launches;
- a kernel with a "check: divergent" line diverges under at least one of
  its launches, and every such line is named by a divergence message of
  some launch (the launches reach every barrier expected divergent);
- every barrier Oclgrind names is in the source (not in shims.h), on a line
  with a "// check:" comment, and the first divergence message of each work-
  group names a "check: divergent" line. Only the first is judged: once a
  group has split, its work-items meet the later barriers out of step and
  Oclgrind reports those too, "ok" lines among them.

Not checked: that an "ok" barrier is convergent for every launch (only the
launches given are run: a divergent verdict seen here is shown true, an ok
one only for those launches); which of two barriers named together diverged
(when the work-items of a group wait at two different barriers, either may
be the one reached by only some: a message naming an "ok" and a "divergent"
line passes); the "on VALUE" of a divergent line; the "// expect:"
(assume-mode) verdicts; the CUDA kernels.
"""
import importlib, os, re, subprocess, sys

import kernels
run_kernels = importlib.import_module('run-kernels')

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHES = os.path.join(HERE, 'oclgrind')
SHIMS = os.path.join(LAUNCHES, 'shims.h')
NEEDS_SHIMS = re.compile(r'\bwork_group_(?:any|all)\b')
BUILD = '-cl-std=CL2.0 -cl-opt-disable'
SIM = re.compile(r'^(\w+)\.(\w+)\.([1-9][0-9]*)\.sim$')
DIVERGENCE = 'Work-group divergence detected (barrier)'
GROUP = re.compile(r'^\s*Work-group:\s*(\(\S+\))', re.M)
AT = re.compile(r'^\s*At line (\d+) \(column \d+\) of (.+):$', re.M)
SOURCE = 'input.cl'   # Oclgrind's name for the program source


def kernel_lines(src):
    """kernel name -> range of the source lines that belong to it."""
    with open(src) as f:
        text = f.read()
    starts = [(text.count('\n', 0, m.start()) + 1, m.group(1))
              for m in run_kernels.KERNEL['.cl'].finditer(text)]
    ends = [n for n, _ in starts[1:]] + [text.count('\n') + 2]
    return {name: range(n, end) for (n, name), end in zip(starts, ends)}


def messages(stderr):
    """Oclgrind's diagnostics: each a title line at the left margin and the
    indented lines after it."""
    out = []
    for line in stderr.splitlines():
        if line.strip() and not line[0].isspace():
            out.append([line])
        elif out:
            out[-1].append(line)
    return ['\n'.join(m).rstrip() for m in out]


def sim_copy(sim, src, kernel, work):
    """Writes the launch file sim with its source named by an absolute path
    into work; (path of the copy, None) or (None, problem)."""
    name = os.path.basename(sim)
    with open(sim) as f:
        rows = f.read().split('\n')
    tokens = []   # (line index, tokens of the line without its comment)
    for i, line in enumerate(rows):
        words = line.split('#', 1)[0].split()
        if words:
            tokens.append((i, words))
        if len(tokens) == 2:
            break
    if len(tokens) < 2 or len(tokens[0][1]) != 1:
        return None, '%s: the source file must come alone on its line, then the kernel' % name
    (i, (prog,)), (_, (found, *_)) = tokens
    prog = os.path.join(os.path.dirname(sim), prog)
    if not os.path.exists(prog) or not os.path.samefile(prog, src):
        return None, '%s: names %s, not %s' % (name, tokens[0][1][0], os.path.basename(src))
    if found != kernel:
        return None, '%s: names kernel %s, not %s' % (name, found, kernel)
    rows[i] = os.path.abspath(src)
    out = os.path.join(work, name)
    with open(out, 'w') as f:
        f.write('\n'.join(rows))
    return out, None


def run(args, sim, shims):
    """Runs one launch; (divergence messages or None when Oclgrind did not
    run it to its end, problems)."""
    name = os.path.basename(sim)
    build = BUILD + (' -include ' + SHIMS if shims else '')
    cmd = [args.oclgrind, '--build-options', build, '--num-threads', '1', sim]
    try:
        p = subprocess.run(cmd, capture_output=True, encoding='utf-8', errors='replace',
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return None, ['%s: oclgrind-kernel timed out after %s s' % (name, args.timeout)]
    msgs = messages(p.stderr)
    if p.returncode != 0:
        return None, ['%s: oclgrind-kernel failed (%d):\n%s' % (
            name, p.returncode, p.stderr.rstrip())]
    others = [m for m in msgs if not m.startswith(DIVERGENCE)]
    problems = []
    if others:
        problems.append('%s: Oclgrind reports %d message(s) other than barrier divergence, '
                        'the first:\n%s' % (name, len(others), others[0]))
    return [m for m in msgs if m.startswith(DIVERGENCE)], problems


def judge(f, msgs, base, kernel, marks, divergent):
    """The lines of base named by the divergence messages msgs of launch f,
    and the problems with them; divergent: the kernel's "divergent" lines."""
    problems = []
    groups = {}     # work-group -> (its first divergence message, lines it names)
    named = set()
    bad = {}        # a barrier named where none should be -> first message
    for m in msgs:
        where = [(int(n), os.path.basename(file)) for n, file in AT.findall(m)]
        for n, file in where:
            if file != SOURCE or n not in marks:
                bad.setdefault('%s:%d' % (base if file == SOURCE else file, n), m)
        at = {n for n, file in where if file == SOURCE}
        named |= at
        g = GROUP.search(m)
        groups.setdefault(g.group(1) if g else '?', (m, at))
    for where, m in sorted(bad.items()):
        problems.append('%s: Oclgrind names a barrier at %s, not on a line of %s with '
                        '"// check:":\n%s' % (f, where, base, m))
    if msgs and not divergent:
        problems.append('%s: kernel %s (all barriers "check: ok") diverged in %d group(s), at '
                        'line(s) %s; the first message:\n%s' % (
                            f, kernel, len(groups), line_list(named), msgs[0]))
    elif msgs:
        wrong = [(g, m, at) for g, (m, at) in sorted(groups.items())
                 if not any(n in divergent for n in at)]
        if wrong:
            g, m, at = wrong[0]
            problems.append('%s: in %d group(s) the first divergence names no line marked '
                            '"check: divergent"; in group %s, line(s) %s:\n%s' % (
                                f, len(wrong), g, line_list(at), m))
    return named, problems


def line_list(ns):
    return ', '.join(map(str, sorted(ns))) or '?'


def check(args, src):
    """Returns a list of problems with one kernel source."""
    base = os.path.basename(src)
    stem, ext = os.path.splitext(base)
    if ext != '.cl':
        return ['%s: Oclgrind runs OpenCL C only' % base]
    marks = run_kernels.check_markers(src)
    extents = kernel_lines(src)
    if not extents:
        return ['%s: no kernel found' % base]
    with open(src) as f:
        shims = bool(NEEDS_SHIMS.search(f.read()))
    sims = {}
    for f in sorted(os.listdir(LAUNCHES)):
        m = SIM.match(f)
        if m and m.group(1) == stem:
            sims.setdefault(m.group(2), []).append((int(m.group(3)), f))
    problems = ['%s: launch file(s) %s for kernel %s, which %s does not define' % (
                    base, ', '.join(f for _, f in sims[k]), k, base)
                for k in sorted(set(sims) - set(extents))]
    for kernel, span in extents.items():
        divergent = sorted(n for n in span if n in marks and marks[n][0])
        launches = [f for _, f in sorted(sims.get(kernel, []))]
        if not launches:
            problems.append('%s: kernel %s has no launch file: write tests/kernels/oclgrind/'
                            '%s.%s.1.sim (see run-oclgrind.py)' % (base, kernel, stem, kernel))
            continue
        seen = set()        # "divergent" lines named by some message
        diverged = []       # launches that diverged
        for f in launches:
            sim, err = sim_copy(os.path.join(LAUNCHES, f), src, kernel, args.work)
            msgs, errs = run(args, sim, shims) if sim else (None, [err])
            problems += errs
            if msgs is None:
                print('%s: failed' % f)
                continue
            named, errs = judge(f, msgs, base, kernel, marks, divergent)
            problems += errs
            seen |= named & set(divergent)
            if msgs:
                diverged.append(f)
            print('%s: %s' % (f, 'diverged, at line(s) %s' % line_list(named) if msgs
                              else 'no divergence'))
        if divergent and not diverged:
            problems.append('%s: kernel %s: line(s) %s marked "check: divergent", but no launch '
                            'diverged (%s)' % (base, kernel, line_list(divergent),
                                               ', '.join(launches)))
        elif divergent:
            for n in sorted(set(divergent) - seen):
                problems.append('%s: kernel %s: line %d marked "check: divergent", but no launch '
                                'diverged there (%s)' % (base, kernel, n, ', '.join(launches)))
    return problems


if __name__ == '__main__':
    sys.exit(kernels.main(check, tools=('--oclgrind',), optional_args=[
        ('--timeout', {'type': float, 'default': 60})]))
