#!/usr/bin/env python3
"""check --format sarif against the OASIS SARIF 2.1.0 JSON schema, and what
GitHub's code scanning reads beyond it (docs/check.md, "JSON and SARIF").

usage: sarif-schema.py --bin THREADCONV --tests TESTS_DIR --cache FILE

The schema is read from $TC_SARIF_SCHEMA when that names a file, else from
the cache FILE (the build folder's); when neither is there it is downloaded
from OASIS into the cache. Without python3-jsonschema, or without the schema
and a network, the test is skipped (exit 77) saying why.

Each log is made in a fresh folder that holds copies of the inputs, and is
checked for:
  - the schema (draft 4, with the formats uri and uri-reference checked);
  - a ruleIndex on every result that names its ruleId in tool.driver.rules,
    and a helpUri on every rule whose fragment is the rule;
  - partialFingerprints["threadconv/v1"] on every result, HASH:N, distinct
    within the log, and the same after lines are inserted above the
    findings (the startLine moves, the fingerprint does not);
  - originalUriBaseIds["%SRCROOT%"], the working folder as a file: URI, and
    every artifactLocation either relative to it (uriBaseId %SRCROOT%, a
    file that is there) or an absolute file: URI without uriBaseId.
Inputs: a .cfg, CUDA and OpenCL C sources through clang-19 (when it is
installed), IR (.ll), PTX, SPIR-V assembly, an input outside the folder,
findings suppressed by NOLINT, -Wno- and the baseline, and an input that
could not be read.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, urllib.parse, urllib.request

SCHEMA_URL = ('https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/'
              'sarif-schema-2.1.0.json')
SKIP = 77
FINGERPRINT = re.compile(r'^[0-9a-f]{16}:[1-9][0-9]*$')
# RFC 3986, appendix B, and the characters a URI may hold (percent-encoded
# bytes, unreserved, reserved)
URI_CHARS = re.compile(r"^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.\-]*:')


def skip(why):
    print('SKIP: %s' % why)
    sys.exit(SKIP)


def load_schema(cache):
    path = os.environ.get('TC_SARIF_SCHEMA')
    if path and os.path.isfile(path):
        src = path
    elif os.path.isfile(cache):
        src = cache
    else:
        try:
            with urllib.request.urlopen(SCHEMA_URL, timeout=30) as r:
                data = r.read()
            json.loads(data)
        except Exception as e:  # offline, a proxy, a changed page
            skip('the SARIF 2.1.0 schema is not cached (%s, $TC_SARIF_SCHEMA) and could '
                 'not be downloaded from %s: %s' % (cache, SCHEMA_URL, e))
        os.makedirs(os.path.dirname(cache) or '.', exist_ok=True)
        with open(cache + '.part', 'wb') as f:
            f.write(data)
        os.replace(cache + '.part', cache)
        src = cache
    with open(src, 'rb') as f:
        schema = json.load(f)
    if 'sarif' not in schema.get('title', '').lower():
        sys.exit('%s: not the SARIF schema' % src)
    return schema, src


def validator(schema):
    try:
        import jsonschema
    except ImportError:
        skip('python3-jsonschema is not installed (apt-get install python3-jsonschema)')
    checker = jsonschema.FormatChecker()
    # jsonschema checks uri and uri-reference only with rfc3987 installed
    # (Debian's python3-rfc3987 is optional): a check of our own then

    def uri_reference(value):
        return not isinstance(value, str) or bool(URI_CHARS.match(value))

    def uri(value):
        return not isinstance(value, str) or (uri_reference(value) and bool(SCHEME.match(value)))

    if 'uri' not in checker.checkers:
        checker.checks('uri')(uri)
    if 'uri-reference' not in checker.checkers:
        checker.checks('uri-reference')(uri_reference)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=checker)


class Checker:
    def __init__(self, args, schema):
        self.args = args
        self.validator = validator(schema)
        self.fails = 0
        self.logs = 0

    def fail(self, what, why):
        print('FAIL: %s: %s' % (what, why))
        self.fails += 1

    def run(self, what, cwd, argv, status):
        """threadconv check --format sarif ARGV in cwd: the log, checked."""
        p = subprocess.run([self.args.bin, 'check', '-q', '--no-caret', '--format', 'sarif'] +
                           argv, cwd=cwd, capture_output=True, timeout=300,
                           env=dict(os.environ, PWD=cwd))
        if p.returncode != status:
            self.fail(what, 'exit %d, expected %d: %s' % (p.returncode, status,
                                                           p.stderr.decode(errors='replace')))
            return None
        try:
            log = json.loads(p.stdout)
        except ValueError as e:
            self.fail(what, 'not JSON: %s' % e)
            return None
        self.logs += 1
        errors = sorted(self.validator.iter_errors(log), key=lambda e: list(e.absolute_path))
        for e in errors[:5]:
            self.fail(what, 'schema: %s at %s' % (e.message[:300],
                                                  '/'.join(map(str, e.absolute_path))))
        self.code_scanning(what, cwd, log)
        return log

    def code_scanning(self, what, cwd, log):
        run = log['runs'][0]
        rules = run['tool']['driver']['rules']
        for rule in rules:
            uri = rule.get('helpUri', '')
            if urllib.parse.urldefrag(uri)[1] != rule['id']:
                self.fail(what, 'rule %s: helpUri %r' % (rule['id'], uri))
        root = 'file://' + urllib.parse.quote(os.path.realpath(cwd), safe='/-._~') + '/'
        got = run.get('originalUriBaseIds', {}).get('%SRCROOT%', {}).get('uri')
        if got != root:
            self.fail(what, '%%SRCROOT%% is %r, expected %r' % (got, root))
        prints = set()
        for r in run['results']:
            at = '%s: result %s' % (what, r.get('message', {}).get('text', '')[:80])
            k = r.get('ruleIndex')
            if not isinstance(k, int) or not 0 <= k < len(rules) or rules[k]['id'] != r['ruleId']:
                self.fail(at, 'ruleIndex %r does not name %s' % (k, r['ruleId']))
            fp = r.get('partialFingerprints', {}).get('threadconv/v1', '')
            if not FINGERPRINT.match(fp):
                self.fail(at, 'fingerprint %r' % fp)
            elif fp in prints:
                self.fail(at, 'fingerprint %s twice in the log' % fp)
            prints.add(fp)
        for art in artifacts(log):
            uri = art.get('uri', '')
            if 'uriBaseId' in art:
                path = urllib.parse.unquote(uri)
                if (art['uriBaseId'] != '%SRCROOT%' or SCHEME.match(uri) or uri.startswith('/')
                        or '..' in path.split('/')):
                    self.fail(what, 'artifact %r: not relative to %%SRCROOT%%' % art)
                elif not os.path.exists(os.path.join(cwd, path)) and 'missing' not in path:
                    self.fail(what, 'artifact %r: no such file under %s' % (art, cwd))
            elif not uri.startswith('file:///'):
                self.fail(what, 'artifact %r: neither relative nor an absolute file: URI' % art)


def artifacts(o):
    """Every artifactLocation in o."""
    if isinstance(o, dict):
        for k, v in o.items():
            if k == 'artifactLocation':
                yield v
            else:
                yield from artifacts(v)
    elif isinstance(o, list):
        for v in o:
            yield from artifacts(v)


def results(log):
    return log['runs'][0]['results'] if log else []


def has_clang():
    return shutil.which('clang-19') or os.path.exists('/usr/lib/llvm-19/bin/clang')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--tests', required=True, help='the tests folder of the checkout')
    ap.add_argument('--cache', required=True, help='where the schema is cached')
    a = ap.parse_args()
    a.bin = os.path.abspath(a.bin)
    schema, src = load_schema(a.cache)
    c = Checker(a, schema)
    t = a.tests
    work = tempfile.mkdtemp(prefix='tc-sarif-schema-')
    other = tempfile.mkdtemp(prefix='tc-sarif-outside-')
    try:
        here = os.path.realpath(work)
        for f in ('cli/check/loop.cfg', 'cli/check/divergent.cfg', 'llvm/cli/copies.ll',
                  'ptx/cli/copies.ptx', 'ptx/cli/copies.cu', 'spirv/opline.spvasm',
                  'spirv/opline.comp', 'source/golden/helper.cu', 'source/golden/helper.cuh',
                  'kernels/cl_divergent.cl'):
            shutil.copy(os.path.join(t, f), here)
        # the toolkit header copies.ptx names (relatively): one to find
        os.makedirs(os.path.join(here, 'cuda', 'include'))
        open(os.path.join(here, 'cuda', 'include', 'sm_30_intrinsics.hpp'), 'w').close()
        os.makedirs(os.path.join(here, 'sub'))
        shutil.copy(os.path.join(t, 'cli/check/loop.cfg'), os.path.join(here, 'sub'))
        shutil.copy(os.path.join(t, 'cli/check/divergent.cfg'), other)

        c.run('.cfg', here, ['loop.cfg', './sub/../sub/loop.cfg'], 1)
        log = c.run('.ll', here, ['copies.ll'], 1)
        if log and len(results(log)) != 2:
            c.fail('.ll', '%d results, expected 2 (the copies merged)' % len(results(log)))
        log = c.run('.ptx', here, ['copies.ptx'], 1)
        if log and len(results(log)) != 2:
            c.fail('.ptx', '%d results, expected 2 (the copies merged)' % len(results(log)))
        c.run('.spvasm', here, ['opline.spvasm'], 1)
        if has_clang():
            c.run('CUDA', here, ['--cuda-compiler', 'clang', 'helper.cu'], 1)
            c.run('OpenCL C', here, ['cl_divergent.cl'], 1)
        else:
            print('note: no clang-19: the CUDA and OpenCL C sources are not checked')
        # a file outside the working folder: its absolute file: URI
        log = c.run('outside', here, [os.path.join(other, 'divergent.cfg')], 1)
        for art in artifacts(log or {}):
            if 'uriBaseId' in art or not art['uri'].startswith('file://' + other):
                c.fail('outside', 'artifact %r is not %s' % (art, other))

        # suppressed findings are no results
        log = c.run('-Wno-', here, ['-Wno-barrier-divergence', 'copies.ptx'], 1)
        if log and {r['ruleId'] for r in results(log)} != {'collective-after-exit'}:
            c.fail('-Wno-', 'results %s' % [r['ruleId'] for r in results(log)])
        with open(os.path.join(here, 'copies.cu')) as f:
            lines = f.read().split('\n')
        nolint = os.path.join(here, 'nolint')
        os.makedirs(nolint)
        shutil.copy(os.path.join(here, 'copies.ptx'), nolint)
        shutil.copytree(os.path.join(here, 'cuda'), os.path.join(nolint, 'cuda'))
        with open(os.path.join(nolint, 'copies.cu'), 'w') as f:
            f.write('\n'.join(l + ' // NOLINT' if '__syncthreads' in l else l for l in lines))
        log = c.run('NOLINT', nolint, ['copies.ptx'], 1)
        if log and len(results(log)) != 1:
            c.fail('NOLINT', '%d results, expected 1' % len(results(log)))
        with open(os.path.join(here, 'b.txt'), 'w') as f:
            f.write('threadconv-baseline 1\nbarrier-divergence\tk\t__syncthreads();\n')
        log = c.run('baseline', here, ['--baseline', 'b.txt', 'copies.ptx'], 1)
        if log and len(results(log)) != 1:
            c.fail('baseline', '%d results, expected 1' % len(results(log)))

        # an input that could not be read: a notification, the others checked
        log = c.run('failed input', here, ['missing.cfg', 'loop.cfg'], 2)
        if log:
            inv = log['runs'][0].get('invocations', [{}])[0]
            if inv.get('executionSuccessful') is not False or not results(log):
                c.fail('failed input', 'invocation %s, %d results' % (inv, len(results(log))))

        # lines inserted above: the fingerprints stay, the lines move
        before = c.run('fingerprints', here, ['loop.cfg'], 1)
        with open(os.path.join(here, 'loop.cfg')) as f:
            text = f.read()
        with open(os.path.join(here, 'loop.cfg'), 'w') as f:
            f.write('# three lines\n# above\n# the graphs\n' + text)
        after = c.run('fingerprints, lines inserted', here, ['loop.cfg'], 1)
        if before and after:
            fp = lambda log: [r['partialFingerprints'] for r in results(log)]
            line = lambda log: [r['locations'][0]['physicalLocation']['region']['startLine']
                                for r in results(log)]
            if fp(before) != fp(after):
                c.fail('fingerprints', '%s became %s' % (fp(before), fp(after)))
            if [n + 3 for n in line(before)] != line(after):
                c.fail('fingerprints', 'lines %s became %s' % (line(before), line(after)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(other, ignore_errors=True)
    if c.fails:
        sys.exit(1)
    print('sarif-schema: %d logs valid against %s, as code scanning reads them' % (c.logs, src))


if __name__ == '__main__':
    main()
