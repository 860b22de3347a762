#!/usr/bin/env python3
"""Hostile and broken input to the threadconv command: it must end with
`FILE[:LINE[:COL]]: error: MESSAGE` lines on stderr and exit status 2, nothing
on stdout, never a signal, a hang or a damaged output file.

usage: hostile.py --bin PATH [--clang PATH] --work DIR [CASE...]

Cases (all by default):
  bitcode    a CUDA kernel of tests/kernels compiled by clang at -O2 -g, with one
             byte changed at each of a fixed set of places: LLVM's bitcode reader
             crashes or aborts on some of them (in its metadata loader; on a size
             it then tries to allocate); run once more without the child process
             (THREADCONV_NO_ISOLATE=1) to count those, which must be some
  hang       IR whose debug scopes form a cycle (hostile-scope-cycle.ll, written by
             hand): LLVM's verifier loops forever on it; the command stops reading
             after a time limit (THREADCONV_READ_SECONDS, 2 s here)
  parallel   inputs that crash LLVM or hang its verifier among good ones, read with
             -j 4: the same exit status and bytes as with -j 1, no temporary folder
             left behind (a CUDA source among them)
  devices    /dev/zero (no end: the stream limit), a FIFO nobody writes to (no
             hang: an error after the wait), a directory
  stdin      standard input named twice
  output     -o FILE when the report cannot be written whole (a file size limit):
             FILE keeps its old contents, no temporary file is left beside it
  truncate   a large .cfg cut short while it is read: an answer or an error, never a
             signal (the input is read, not mapped)
  pictures   SVG of a graph over the layout budget is refused at once, DOT of it
             is written; SVG within it is laid out; graphviz running out of memory
             (an address-space limit) ends in a message
"""
import argparse, hashlib, json, os, random, re, resource, signal, stat, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'kernels'))
import kernels  # noqa: E402

ERROR_LINE = re.compile(r'^(?:threadconv|[^:\n]+(?::\d+(?::\d+)?)?): error: \S.*$')
# under a sanitizer LLVM's own crashes are LLVM's, not the sanitizer's: let
# them end the process as they would (our own bugs are still caught by the
# instrumentation, which does not need these handlers); LLVM's leaks on its
# error paths are not ours (llvm-leaks.supp)
SANITIZER_ENV = {
    'ASAN_OPTIONS': 'handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:'
                    'handle_sigill=0',
    'LSAN_OPTIONS': 'suppressions=' + os.path.join(HERE, 'llvm-leaks.supp'),
}


class Failure(Exception):
    pass


def env_for(isolate=True):
    env = dict(os.environ)
    for k, v in SANITIZER_ENV.items():
        env[k] = (env[k] + ':' + v) if env.get(k) else v
    if not isolate:
        env['THREADCONV_NO_ISOLATE'] = '1'
    else:
        env.pop('THREADCONV_NO_ISOLATE', None)
    return env


def run(args, timeout=60, isolate=True, stdin=subprocess.DEVNULL, preexec=None, cwd=None):
    p = subprocess.run(args, capture_output=True, timeout=timeout, env=env_for(isolate),
                       stdin=stdin, preexec_fn=preexec, cwd=cwd)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def no_graphs(out):
    """Whether out is a JSON report of no graph: what --format json writes
    when no input could be checked (their errors in "errors")."""
    try:
        doc = json.loads(out)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get('graphs') == [] and bool(doc.get('errors'))


def expect_error(what, rc, out, err, lines=None):
    """Exit 2, nothing on stdout (or, in JSON, no graph), stderr made of
    error lines (lines of them)."""
    if rc != 2:
        raise Failure('%s: exit status %d, want 2; stderr: %s' % (what, rc, err[:500]))
    if out and not no_graphs(out):
        raise Failure('%s: stdout not empty: %r' % (what, out[:200]))
    got = err.splitlines()
    bad = [l for l in got if not ERROR_LINE.match(l)]
    if not got or bad:
        raise Failure('%s: stderr is not error lines: %r' % (what, err[:500]))
    if lines is not None and len(got) != lines:
        raise Failure('%s: %d error lines, want %d: %r' % (what, len(got), lines, err[:500]))


def compiled_kernel(a):
    """cuda_reduce.cu at -O2 -g as bitcode: its path and bytes."""
    bc = os.path.abspath(os.path.join(a.work, 'hostile-reduce.O2.bc'))
    # the same bytes from every checkout: compiled from the repository's root
    # by a relative name, with no path of this checkout in the debug info
    root = os.path.normpath(os.path.join(HERE, '..', '..'))
    cc = [a.clang] + kernels.FLAGS['.cu'] + [
        '-O2', '-c', '-g', '-emit-llvm', '-fdebug-compilation-dir=/src',
        'tests/kernels/cuda_reduce.cu', '-o', bc]
    p = subprocess.run(cc, cwd=root, capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure('%s: clang failed:\n%s' % (' '.join(cc), p.stderr))
    return bc, open(bc, 'rb').read()


def mutation_places(a, data):
    """The (offset, xor) of each changed byte: the same places every run."""
    rng = random.Random(20261201)
    return sorted({(rng.randrange(len(data) // 4, len(data)), rng.choice([1, 2, 4, 0x80, 0xff]))
                   for _ in range(a.mutations)})


def case_bitcode(a):
    bc, data = compiled_kernel(a)
    # a place known to matter, for the bitcode Debian's clang 19.1.7 makes
    # here: the changed byte makes a debug location's file operand another
    # node than a string, which LLVM's reader and verifier accept and our
    # reading of debug locations read out of bounds (a segfault before it
    # checked the nodes' kinds)
    known = []
    if hashlib.md5(data).hexdigest() == '2f84ac56ad054b033b624975c642914b':
        known = [(1915, 0x01)]
        b = bytearray(data)
        b[1915] ^= 0x01
        path = os.path.join(a.work, 'hostile-known.bc')
        with open(path, 'wb') as f:
            f.write(b)
        rc, out, err = run([a.bin, 'check', '--format', 'json', path], timeout=60)
        if rc not in (0, 1) or '"graphs"' not in out or 'Sanitizer' in err:
            raise Failure('byte 1915 ^ 0x01 (a file that is not a string): exit %d: %s'
                          % (rc, err[:500]))
    else:
        print('bitcode: another clang made other bytes: the known place is not checked')
    places = mutation_places(a, data)
    path = os.path.join(a.work, 'hostile-mutated.bc')
    crashes_without = accepted = errors = 0
    for off, x in places:
        b = bytearray(data)
        b[off] ^= x
        with open(path, 'wb') as f:
            f.write(b)
        what = 'byte %d ^ 0x%02x' % (off, x)
        rc, out, err = run([a.bin, 'check', '--format', 'json', path], timeout=60)
        if rc in (0, 1):
            accepted += 1
            if '"graphs"' not in out:
                raise Failure('%s: exit %d without a report' % (what, rc))
            continue
        expect_error(what, rc, out, err)
        errors += 1
        if 'LLVM failed reading this input' in err:
            # the same input in the process itself: LLVM does end it
            rc2, _, _ = run([a.bin, 'check', path], timeout=60, isolate=False)
            if rc2 < 0 or rc2 > 2:
                crashes_without += 1
            else:
                raise Failure('%s: reported as an LLVM failure, but exits %d in the process'
                              % (what, rc2))
    print('bitcode: %d changed bytes: %d read, %d errors, of which %d end the process '
          'without the child; %d known place(s) read' % (len(places), accepted, errors,
                                                       crashes_without, len(known)))
    if crashes_without == 0:
        raise Failure('no changed byte made LLVM fail: the case tests nothing')


def case_parallel(a):
    """Inputs that stop LLVM among others, read on several threads (-j 4):
    which one did it cannot be told there, so the command runs again with
    one job; the result must be the serial run's, byte for byte, the report
    on stdout that of the good inputs alone (each bad one is an error for
    itself), and no temporary folder may be left (a CUDA source among the
    inputs, compiled by clang: a test kernel written for it)."""
    bc, data = compiled_kernel(a)
    failing = []
    path = os.path.join(a.work, 'hostile-parallel-%d.bc')
    for off, x in mutation_places(a, data):
        b = bytearray(data)
        b[off] ^= x
        name = path % len(failing)
        with open(name, 'wb') as f:
            f.write(b)
        rc, _, err = run([a.bin, 'check', name], timeout=60)
        if rc == 2 and 'LLVM failed reading this input' in err:
            failing.append(name)
            if len(failing) == 2:
                break
    if not failing:
        raise Failure('no changed byte made LLVM fail: the case tests nothing')
    root = os.path.normpath(os.path.join(HERE, '..', '..'))
    good = [os.path.join(HERE, 'analyze', 'diamond.cfg'), bc,
            os.path.join(root, 'tests', 'ptx', 'bra_uni.ptx'),
            os.path.join(root, 'tests', 'spirv', 'kernel.spvasm'),
            os.path.join(root, 'tests', 'kernels', 'cuda_reduce.cu')]
    bad = os.path.join(root, 'tests', 'spirv', 'cli', 'truncated.spv')
    hang = os.path.join(HERE, 'hostile-scope-cycle.ll')
    lists = [('crash', good[:2] + [bad, failing[0]] + good[2:] + failing[1:], {}),
             ('crash last', good + [failing[-1]], {}),
             ('hang', good[:3] + [bad, hang] + good[3:], {'THREADCONV_READ_SECONDS': '2'})]
    for what, inputs, extra in lists:
        got = []
        for jobs in ('1', '4'):
            tmp = tempfile.mkdtemp(dir=a.work)
            env = env_for()
            env.update(extra)
            env['TMPDIR'] = tmp
            p = subprocess.run([a.bin, 'check', '--cuda-compiler', 'clang', '-j', jobs,
                                '--no-caret'] + inputs,
                               capture_output=True, timeout=300, env=env,
                               stdin=subprocess.DEVNULL)
            left = os.listdir(tmp)
            if left:
                raise Failure('%s, -j %s: left %s in TMPDIR' % (what, jobs, left))
            os.rmdir(tmp)
            got.append((p.returncode, p.stdout, p.stderr))
        alone = subprocess.run([a.bin, 'check', '--cuda-compiler', 'clang', '-q', '-j', '1',
                                '--no-caret'] + [i for i in inputs if i in good],
                               capture_output=True, timeout=300, env=env_for(),
                               stdin=subprocess.DEVNULL)
        if got[0][0] != 2 or got[0][1] != alone.stdout:
            raise Failure('%s: -j 1: exit %d, stdout %r, not the good inputs\' report %r'
                          % (what, got[0][0], got[0][1][:200], alone.stdout[:200]))
        if got[0] != got[1]:
            raise Failure('%s: -j 4 differs from -j 1:\n-j 1: %r\n-j 4: %r'
                          % (what, got[0][2][:800], got[1][2][:800]))
        print('parallel: %s: -j 4 as -j 1 (%d bytes on stderr)' % (what, len(got[0][2])))


def case_hang(a):
    """IR on which LLVM's verifier never returns: the command gives up on it."""
    src = os.path.join(HERE, 'hostile-scope-cycle.ll')
    env = env_for()
    env['THREADCONV_READ_SECONDS'] = '2'
    t0 = time.monotonic()
    p = subprocess.run([a.bin, 'check', src], capture_output=True, timeout=120, env=env,
                       stdin=subprocess.DEVNULL)
    took = time.monotonic() - t0
    expect_error('a scope cycle', p.returncode, p.stdout.decode(), p.stderr.decode(), 1)
    if 'did not finish within 2 s' not in p.stderr.decode() or took > 30:
        raise Failure('a scope cycle: %r after %.1f s' % (p.stderr, took))
    print('hang: given up after %.1f s' % took)


def case_devices(a):
    rc, out, err = run([a.bin, 'analyze', '/dev/zero'], timeout=120)
    expect_error('/dev/zero', rc, out, err, 1)
    if 'limit' not in err:
        raise Failure('/dev/zero: %r' % err)
    fifo = os.path.join(a.work, 'hostile-fifo')
    if os.path.exists(fifo):
        os.unlink(fifo)
    os.mkfifo(fifo)
    t0 = time.monotonic()
    rc, out, err = run([a.bin, 'analyze', fifo], timeout=60)
    expect_error('a FIFO without a writer', rc, out, err, 1)
    if time.monotonic() - t0 > 30:
        raise Failure('a FIFO without a writer: took %.0f s' % (time.monotonic() - t0))
    rc, out, err = run([a.bin, 'analyze', a.work], timeout=60)
    expect_error('a directory', rc, out, err, 1)
    print('devices: ok')


def case_stdin(a):
    with open(os.path.join(HERE, 'analyze', 'diamond.cfg'), 'rb') as f:
        rc, out, err = run([a.bin, 'analyze', '-', '-'], stdin=f)
    expect_error('- -', rc, out, err, 1)
    print('stdin: ok')


def case_output(a):
    d = tempfile.mkdtemp(dir=a.work)
    target = os.path.join(d, 'out.json')
    with open(target, 'w') as f:
        f.write('old\n')
    os.chmod(target, 0o640)
    cfg = os.path.join(d, 'big.cfg')
    with open(cfg, 'w') as f:
        f.write('graph big\nentry n0\nexit n%d\n' % 3000)
        for i in range(3000):
            f.write('n%d -> n%d n%d\n' % (i, i + 1, min(i + 2, 3000)))

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 10, 64 << 10))
    rc, out, err = run([a.bin, 'analyze', '--format', 'json', '-o', target, cfg], preexec=limit)
    expect_error('-o past a file size limit', rc, out, err, 1)
    if open(target).read() != 'old\n':
        raise Failure('-o past a file size limit: the old file was changed')
    if stat.S_IMODE(os.stat(target).st_mode) != 0o640:
        raise Failure('-o: the mode of the old file changed')
    left = sorted(set(os.listdir(d)) - {'out.json', 'big.cfg'})
    if left:
        raise Failure('-o past a file size limit: left behind: %s' % left)
    rc, out, err = run([a.bin, 'analyze', '--format', 'json', '-o', target, cfg])
    if rc != 0 or not open(target).read().startswith('{'):
        raise Failure('-o: the report did not replace the old file (%d, %s)' % (rc, err))
    if stat.S_IMODE(os.stat(target).st_mode) != 0o640:
        raise Failure('-o: the mode of the replaced file changed')
    print('output: ok')


def case_truncate(a):
    """A file cut short while it is read: an error or an answer, never SIGBUS."""
    d = tempfile.mkdtemp(dir=a.work)
    path = os.path.join(d, 'big.cfg')
    n = 600000
    body = ''.join('n%d -> n%d n%d\n' % (i, i + 1, min(i + 2, n)) for i in range(n))
    text = 'graph big\nentry n0\nexit n%d\n' % n + body
    outcomes = []
    for delay in (0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.15):
        with open(path, 'w') as f:
            f.write(text)
        p = subprocess.Popen([a.bin, 'analyze', '--format', 'none', path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env_for(), stdin=subprocess.DEVNULL)
        time.sleep(delay)
        with open(path, 'r+') as f:
            f.truncate(len(text) // 3)
        out, err = p.communicate(timeout=120)
        if p.returncode not in (0, 2):
            raise Failure('truncated after %.3f s: exit status %d: %s'
                          % (delay, p.returncode, err[:300]))
        if p.returncode == 2:
            expect_error('truncated after %.3f s' % delay, p.returncode,
                         out.decode(), err.decode(), 1)
        outcomes.append(p.returncode)
    print('truncate: exit statuses %s' % outcomes)


def loop_nest(n):
    """A .cfg of n nodes in a chain with nested back edges (dot's hard case)."""
    lines = ['graph nest', 'entry n0', 'exit n%d' % (n - 1)]
    for i in range(n - 1):
        succ = ['n%d' % (i + 1)]
        for span in (9, 49, 199):
            if i % (span + 1) == span:
                succ.append('n%d' % (i - span))
        lines.append('n%d -> %s' % (i, ' '.join(succ)))
    return '\n'.join(lines) + '\n'


def links_asan(binary):
    p = subprocess.run(['ldd', binary], capture_output=True, text=True)
    return 'libasan' in p.stdout


def case_pictures(a):
    d = tempfile.mkdtemp(dir=a.work)
    big, small = os.path.join(d, 'big.cfg'), os.path.join(d, 'small.cfg')
    with open(big, 'w') as f:
        f.write(loop_nest(2003))
    with open(small, 'w') as f:
        f.write(loop_nest(250))
    t0 = time.monotonic()
    rc, out, err = run([a.bin, 'analyze', '--format', 'svg', big], timeout=60)
    expect_error('svg of 2003 nodes', rc, out, err, 1)
    if 'too many to lay out' not in err or time.monotonic() - t0 > 10:
        raise Failure('svg of 2003 nodes: %r after %.1f s' % (err, time.monotonic() - t0))
    rc, out, err = run([a.bin, 'analyze', '--format', 'dot', big], timeout=60)
    if rc != 0 or not out.startswith('digraph'):
        raise Failure('dot of 2003 nodes: exit %d: %s' % (rc, err[:300]))
    t0 = time.monotonic()
    rc, out, err = run([a.bin, 'analyze', '--format', 'svg', small], timeout=120)
    if rc != 0 or '<svg' not in out:
        raise Failure('svg of 250 nodes: exit %d: %s' % (rc, err[:300]))
    took = time.monotonic() - t0
    # graphviz out of memory: under an address-space limit it crashes or
    # stops inside; the command still ends with a message (not under ASan,
    # which needs its large address space)
    ended = []
    if not links_asan(a.bin):
        for mb in (230, 245, 260, 300):
            def limit(mb=mb):
                resource.setrlimit(resource.RLIMIT_AS, (mb << 20, mb << 20))
            rc, out, err = run([a.bin, 'analyze', '--format', 'svg', small], preexec=limit,
                               timeout=120)
            if rc == 0:
                continue
            if rc == 127:  # the loader itself found no room
                continue
            expect_error('svg under a %d MB address-space limit' % mb, rc, out, err)
            ended.append(mb)
    print('pictures: 2003 nodes refused, dot written; 250 nodes in %.1f s; ended with a '
          'message under %s MB' % (took, ended or 'no'))


CASES = {'bitcode': case_bitcode, 'hang': case_hang, 'parallel': case_parallel,
         'pictures': case_pictures, 'truncate': case_truncate, 'devices': case_devices, 'stdin': case_stdin,
         'output': case_output}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--clang')
    ap.add_argument('--work', required=True)
    ap.add_argument('--mutations', type=int, default=250)
    ap.add_argument('cases', nargs='*')
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    failed = 0
    for name in a.cases or sorted(CASES):
        if name == 'bitcode' and not a.clang:
            print('bitcode: skipped (no clang)')
            continue
        try:
            CASES[name](a)
        except (Failure, subprocess.TimeoutExpired) as e:
            print('FAIL %s: %s' % (name, e))
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
