#!/usr/bin/env python3
"""Checks that threadconv gives the same barrier verdicts on LLVM IR and on
the PTX that llc makes of it.

usage: ptx-from-ir.py --bin THREADCONV --llc LLC --work DIR
                      [--differences FILE] [IR_DIR]

Every IR_DIR/*.ll (default: tests/llvm/ir beside this script) is compiled by
`LLC -march=nvptx64 -mcpu=sm_70` to DIR/NAME.ptx; a file that llc rejects
(an intrinsic of another target, IR that does not verify) is skipped, with
the first line of llc's message printed as the reason. `threadconv analyze
--format json` is run on the .ll and on the .ptx (both must succeed), and
their barrier verdicts are compared graph by graph:

- graphs are matched by name (the function's); node names are never
  compared (threadconv names IR blocks %N or by their labels, PTX blocks by
  their $L__BB labels). llc may drop or rename functions that are not
  kernels, so a graph that only one side has is printed as a note, except a
  kernel of the IR (ptx_kernel, spir_kernel or amdgpu_kernel, or named with
  "kernel" in !nvvm.annotations) that has no graph in the PTX: that fails;
- in a graph both sides have, the barriers are paired in order of
  appearance, and the lists of (state, in_edges_convergent) must be equal
  (the same number of barriers, each with the same state and the same
  rewrite verdict).

A file whose verdicts legitimately differ is listed in FILE (default:
ptx-differences.txt beside this script), one "NAME.ll: reason" a line (blank
lines and lines starting with # are ignored). An unlisted file that differs
fails, and so does a listed one that no longer differs, or that is not
compared (llc rejects it, or it is not in IR_DIR): the list stays exactly
the current differences. A kernel missing from the PTX fails whether or not
the file is listed.
"""
import argparse, glob, json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_CC = re.compile(
    r'^define\b[^@\n]*\b(?:ptx_kernel|spir_kernel|amdgpu_kernel)\b[^@\n]*@("[^"]+"|[\w.$]+)\(',
    re.M)
KERNEL_ANNOTATION = re.compile(r'!\{ptr @("[^"]+"|[\w.$]+), !"kernel", i32 1\}')


def ir_kernels(path):
    """The names of the kernels an IR file defines."""
    with open(path) as f:
        text = f.read()
    names = KERNEL_CC.findall(text) + KERNEL_ANNOTATION.findall(text)
    return {n[1:-1] if n.startswith('"') else n for n in names}


def read_differences(path):
    """NAME.ll -> reason, from the list of legitimate differences."""
    listed = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name, sep, reason = line.partition(':')
            if not sep or not reason.strip():
                sys.exit('%s:%d: not "FILE: reason": %s' % (path, n, line))
            listed[name.strip()] = reason.strip()
    return listed


def verdicts(args, path):
    """graph name -> [(state, in_edges_convergent)] of its barriers in order,
    or an error text."""
    p = subprocess.run([args.bin, 'analyze', '--format', 'json', path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return '%s: threadconv analyze failed (%d):\n%s' % (path, p.returncode, p.stderr)
    return {g['name']: [(b['state'], b['in_edges_convergent']) for b in g['barriers']]
            for g in json.loads(p.stdout)['graphs']}


def show(barriers):
    return '[%s]' % ', '.join('%s %s' % (s, 'no-rewrite' if c else 'rewrite')
                              for s, c in barriers)


def compare(args, ll):
    """(compared?, differences, problems) for one IR file; prints notes."""
    name = os.path.basename(ll)
    ptx = os.path.join(args.work, os.path.splitext(name)[0] + '.ptx')
    p = subprocess.run([args.llc, '-march=nvptx64', '-mcpu=sm_70', ll, '-o', ptx],
                       capture_output=True, text=True)
    if p.returncode != 0:
        lines = [l for l in p.stderr.splitlines() if l.strip()]
        print('%s: skipped: llc rejects it (%d): %s' % (
            name, p.returncode, lines[0].strip() if lines else 'no message'))
        return False, [], []
    ir, pt = verdicts(args, ll), verdicts(args, ptx)
    problems = [v for v in (ir, pt) if isinstance(v, str)]
    if problems:
        return True, [], problems
    kernels = ir_kernels(ll)
    for g in sorted(set(ir) - set(pt)):
        if g in kernels:
            problems.append('%s: kernel %s has no graph in %s' % (name, g, ptx))
        else:
            print('%s: note: graph %s only in the IR' % (name, g))
    for g in sorted(set(pt) - set(ir)):
        print('%s: note: graph %s only in the PTX' % (name, g))
    differences = []
    both = [g for g in ir if g in pt]
    for g in both:
        if ir[g] != pt[g]:
            differences.append('%s: graph %s: IR %s, PTX %s' % (name, g, show(ir[g]), show(pt[g])))
    print('%s: %d graph(s), %d barrier(s) compared, %s' % (
        name, len(both), sum(len(ir[g]) for g in both),
        '%d differ' % len(differences) if differences else 'the same'))
    return True, differences, problems


def main():
    ap = argparse.ArgumentParser()
    for name in ('--bin', '--llc', '--work'):
        ap.add_argument(name, required=True)
    ap.add_argument('--differences', default=os.path.join(HERE, 'ptx-differences.txt'))
    ap.add_argument('ir_dir', nargs='?', default=os.path.join(HERE, 'ir'))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    listed = read_differences(args.differences)
    files = sorted(glob.glob(os.path.join(args.ir_dir, '*.ll')))
    problems = []
    compared = set()
    for ll in files:
        name = os.path.basename(ll)
        done, differences, errors = compare(args, ll)
        problems += errors
        if done:
            compared.add(name)
        if differences and name in listed:
            for d in differences:
                print('%s (listed)' % d)
        elif differences:
            problems += differences
            problems.append('%s: differs, and is not listed in %s' % (name, args.differences))
        elif done and not errors and name in listed:
            problems.append('%s: listed in %s (%s), but no longer differs' % (
                name, args.differences, listed[name]))
    for name in sorted(set(listed) - compared):
        problems.append('%s: listed in %s, but not compared' % (name, args.differences))
    for p in problems:
        print(p, file=sys.stderr)
    print('%d IR file(s), %d compared, %s' % (
        len(files), len(compared), 'FAILED' if problems else 'ok'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
