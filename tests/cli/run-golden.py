#!/usr/bin/env python3
"""Golden-file tests of the threadconv CLI (see README.md).

usage: run-golden.py --bin PATH [CASE...]

A CASE is one of
  analyze/NAME.cfg  run `analyze --format F NAME.cfg` for each F of text, json, dot;
                    expect exit 0, empty stderr and stdout equal to NAME.text/.json/.dot
  errors/NAME.cfg   run `analyze NAME.cfg`; expect exit 2, empty stdout and stderr
                    equal to NAME.err
  cmd/NAME.cmd      run the arguments written in the file (format in README.md)
Every command runs in the case's folder, so paths in messages are the plain names.
A case that needs what the machine may lack (`requires: nvcc`, the CUDA toolkit) is
skipped, saying why, where it is missing; when every case given is skipped the exit
status is 77 (ctest's SKIP_RETURN_CODE).
Without CASEs, runs every case under this folder. With TC_UPDATE_GOLDEN=1 the
expected files are written from the actual output instead of compared (exit
status and the absent: checks still are).
"""
import argparse, difflib, os, shlex, shutil, subprocess, sys, tempfile, urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
UPDATE = os.environ.get('TC_UPDATE_GOLDEN') == '1'
FORMATS = [('text', '.text'), ('json', '.json'), ('dot', '.dot')]


class Failure(Exception):
    pass


class Skipped(Exception):
    pass


def find_nvcc():
    """The CUDA toolkit's nvcc as threadconv finds it (docs/source.md), or None."""
    dirs = [os.environ.get('CUDA_PATH'), os.environ.get('CUDA_HOME')]
    on_path = shutil.which('nvcc')
    if on_path:
        dirs.append(os.path.dirname(os.path.dirname(os.path.realpath(on_path))))
    dirs.append('/usr/local/cuda')
    for d in dirs:
        if d and os.access(os.path.join(d, 'bin', 'nvcc'), os.X_OK):
            return os.path.join(d, 'bin', 'nvcc')
    return None


REQUIREMENTS = {'nvcc': (find_nvcc, 'no CUDA toolkit (nvcc) found: $CUDA_PATH, $CUDA_HOME, '
                                    'PATH, /usr/local/cuda')}

ROOT = os.path.dirname(os.path.dirname(HERE))  # the repository


def doc_uri(binary):
    """The URI SARIF's rules link to (TC_DOC_URI, fixed when cmake configured
    the build): $TC_DOC_URI, else the CMakeCache.txt beside the binary."""
    if os.environ.get('TC_DOC_URI'):
        return os.environ['TC_DOC_URI']
    try:
        with open(os.path.join(os.path.dirname(binary), 'CMakeCache.txt')) as f:
            for line in f:
                if line.startswith('TC_DOC_URI:'):
                    return line.split('=', 1)[1].rstrip('\n')
    except OSError:
        pass
    return None


def as_uri(path):
    """path percent-encoded as threadconv's SARIF writes a file: URI's path."""
    return urllib.parse.quote(path, safe='/-._~')


def run(binary, args, cwd, stdin=None):
    """Runs the CLI; returns (status, stdout bytes, stderr bytes)."""
    p = subprocess.run([binary] + args, cwd=cwd, input=stdin,
                       stdin=None if stdin is not None else subprocess.DEVNULL,
                       capture_output=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def compare(path, actual, what):
    """Checks actual against the golden file path (missing file = empty)."""
    if UPDATE:
        if actual:
            with open(path, 'wb') as f:
                f.write(actual)
        elif os.path.exists(path):
            os.remove(path)
        return
    expected = b''
    if os.path.exists(path):
        with open(path, 'rb') as f:
            expected = f.read()
    if expected == actual:
        return
    diff = difflib.unified_diff(
        expected.decode('utf-8', 'replace').splitlines(True),
        actual.decode('utf-8', 'replace').splitlines(True),
        fromfile=os.path.relpath(path, HERE) if os.path.exists(path) else '(empty)',
        tofile='actual ' + what)
    raise Failure(''.join(diff))


def expect_status(status, want, args, err):
    if status != want:
        raise Failure('threadconv %s: exit status %d, expected %d\n%s' % (
            ' '.join(args), status, want, err.decode('utf-8', 'replace')))


def expect_empty(data, what, args):
    if data:
        raise Failure('threadconv %s: expected empty %s, got:\n%s' % (
            ' '.join(args), what, data.decode('utf-8', 'replace')[:2000]))


def analyze_case(binary, cfg):
    folder, name = os.path.split(cfg)
    stem = name[:-4]
    for fmt, ext in FORMATS:
        args = ['analyze', '--format', fmt, name]
        status, out, err = run(binary, args, folder)
        expect_status(status, 0, args, err)
        expect_empty(err, 'stderr', args)
        compare(os.path.join(folder, stem + ext), out, 'stdout of --format ' + fmt)


def error_case(binary, cfg):
    folder, name = os.path.split(cfg)
    args = ['analyze', name]
    status, out, err = run(binary, args, folder)
    expect_status(status, 2, args, err)
    expect_empty(out, 'stdout', args)
    compare(os.path.join(folder, name[:-4] + '.err'), err, 'stderr')


def read_cmd(path):
    """The keys of a .cmd file: args, status, stdin, output, absent, requires."""
    spec = {'status': '0'}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            key, sep, value = line.partition(':')
            if not sep or key not in ('args', 'status', 'stdin', 'output', 'absent',
                                      'requires'):
                raise Failure('%s: bad line %r' % (path, line))
            spec[key] = value.strip()
    if 'args' not in spec:
        raise Failure('%s: no args: line' % path)
    return spec


def cmd_case(binary, path):
    folder, name = os.path.split(path)
    stem = name[:-4]
    spec = read_cmd(path)
    for need in spec.get('requires', '').split():
        if need not in REQUIREMENTS:
            raise Failure('%s: unknown requirement %r' % (path, need))
        found, why = REQUIREMENTS[need]
        if not found():
            raise Skipped(why)
    tmp = tempfile.mkdtemp(prefix='tc-golden-')
    try:
        sub = lambda s: s.replace('{tmp}', tmp)
        args = [sub(a) for a in shlex.split(spec['args'])]
        stdin = None
        if 'stdin' in spec:
            with open(os.path.join(folder, spec['stdin']), 'rb') as f:
                stdin = f.read()
        status, out, err = run(binary, args, folder, stdin)
        expect_status(status, int(spec['status']), args, err)
        if 'output' in spec:
            # the report goes to a file; stdout stays empty
            expect_empty(out, 'stdout', args)
            target = os.path.join(folder, sub(spec['output']))
            out = b''
            if os.path.exists(target):
                with open(target, 'rb') as f:
                    out = f.read()
        if 'absent' in spec and os.path.exists(os.path.join(folder, sub(spec['absent']))):
            raise Failure('threadconv %s: wrote %s, which must not exist' % (
                ' '.join(args), spec['absent']))
        doc = doc_uri(binary)
        def general(data):
            data = data.replace(tmp.encode(), b'{tmp}')
            if 'nvcc' in spec.get('requires', '').split():
                # the toolkit's folder, wherever it is installed
                data = data.replace(os.path.dirname(os.path.dirname(find_nvcc())).encode(),
                                    b'{cuda}')
            # SARIF's rule documentation and absolute file: URIs, wherever
            # the build and the checkout are
            if doc:
                data = data.replace(doc.encode(), b'{doc}')
            data = data.replace(b'file://' + as_uri(ROOT).encode(), b'file://{root}')
            return data
        compare(os.path.join(folder, stem + '.out'), general(out), 'stdout')
        compare(os.path.join(folder, stem + '.err'), general(err), 'stderr')
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def all_cases():
    cases = []
    for sub, ext in (('analyze', '.cfg'), ('errors', '.cfg'), ('cmd', '.cmd')):
        folder = os.path.join(HERE, sub)
        cases += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(ext))
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True, help='the threadconv binary')
    ap.add_argument('cases', nargs='*')
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    failed = skipped = 0
    cases = [os.path.abspath(c) for c in a.cases] or all_cases()
    for case in cases:
        kind = os.path.basename(os.path.dirname(case))
        try:
            if case.endswith('.cmd'):
                cmd_case(binary, case)
            elif kind == 'errors':
                error_case(binary, case)
            else:
                analyze_case(binary, case)
        except Skipped as e:
            skipped += 1
            print('SKIP %s: %s' % (os.path.relpath(case, HERE), e))
        except (Failure, subprocess.TimeoutExpired) as e:
            failed += 1
            print('FAIL %s\n%s' % (os.path.relpath(case, HERE), e))
    if UPDATE:
        print('updated the goldens of %d case(s)' % len(cases))
    elif len(cases) > 1:
        print('%d/%d cases pass' % (len(cases) - failed, len(cases)))
    if failed:
        return 1
    return 77 if cases and skipped == len(cases) else 0


if __name__ == '__main__':
    sys.exit(main())
