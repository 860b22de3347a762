"""What the generated tests here share: their options (the binary and the
size of what they generate), a generated input written to a file in a
temporary folder with `threadconv check` run on it, and the verdict."""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def check_text(binary, name, text, args=(), timeout=None):
    """(completed process, seconds) of `BINARY check ARGS FILE`, where FILE
    is named NAME and holds TEXT."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        with open(path, 'w') as f:
            f.write(text)
        t0 = time.monotonic()
        p = subprocess.run([binary, 'check'] + list(args) + [path], capture_output=True,
                           text=True, timeout=timeout)
        return p, time.monotonic() - t0


def call(callee, arg=None, result=None):
    """A call sequence of .func CALLEE passing register %rdARG (None: no
    argument) and reading a .b32 result back into %rRESULT (None: none)."""
    param = ('\t.param .b64 param0;\n\tst.param.b64 [param0], %%rd%d;\n' % arg
             if arg is not None else '')
    ret = '\t.param .b32 retval0;\n' if result is not None else ''
    back = '\tld.param.b32 %%r%d, [retval0];\n' % result if result is not None else ''
    head = '(retval0), ' if result is not None else ''
    return '\t{\n%s%s\tcall.uni %s%s, (%s);\n%s\t}\n' % (
        param, ret, head, callee, 'param0' if arg is not None else '', back)


def expect(binary, what, name, text, status, warnings, limit=30):
    """`check` on TEXT in a file named NAME must exit with STATUS and print
    WARNINGS warnings within LIMIT seconds: then it prints what it got and
    returns None, else it returns the problem, named WHAT."""
    p, dt = check_text(binary, name, text, timeout=300)
    out = p.stdout + p.stderr
    got = out.count('warning:')
    if p.returncode != status or got != warnings:
        return '%s: expected exit %d and %d warning(s), got %d and %d:\n%s' % (
            what, status, warnings, p.returncode, got, out[:1500])
    if dt > limit:
        return '%s: took %.1f s' % (what, dt)
    print('%s: exit %d, %d warning(s), %.2f s' % (what, status, warnings, dt))
    return None


def options(size, default):
    """(binary, size): the options --bin and --SIZE (default DEFAULT)."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--' + size, type=int, default=default)
    a = ap.parse_args()
    return a.bin, getattr(a, size)


def finish(problems):
    """Prints the problems and ok or FAILED; the exit status."""
    for q in problems:
        print(q)
    print('FAILED' if problems else 'ok')
    return 1 if problems else 0


def run_bounded(name, module, size, default, status, warnings, limit, slow, done):
    """The main of a test whose generated input must be checked in bounded
    time: `check` on module(N) (the option --SIZE, default DEFAULT) in a
    file named NAME must exit with status and print that many warnings
    within limit seconds (else it prints slow: what is not bounded). Prints
    done % (N, seconds) and returns, else exits 1."""
    binary, n = options(size, default)
    p, dt = check_text(binary, name, module(n), timeout=300)
    out = p.stdout + p.stderr
    if p.returncode != status or out.count('warning:') != warnings:
        print('expected exit %d and %d warning(s), got %d:\n%s' % (status, warnings, p.returncode,
                                                                    out[:2000]))
        sys.exit(1)
    if dt > limit:
        print('took %.1f s: %s' % (dt, slow))
        sys.exit(1)
    print(done % (n, dt))
