#!/usr/bin/env python3
"""check --format sarif on inputs whose names need escaping: a byte that is
not UTF-8 (the report is still written, not "out of memory"), a space, '%',
'#' and '?'. Each artifactLocation.uri must be the name percent-encoded
(RFC 3986), and the log valid JSON.

usage: sarif-paths.py --bin THREADCONV --cfg DIVERGENT.cfg
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

CASES = [  # file name (bytes) -> its URI reference
    (b'n\xffx.cfg', 'n%FFx.cfg'),
    (b'a b.cfg', 'a%20b.cfg'),
    (b'a%b#c?.cfg', 'a%25b%23c%3F.cfg'),
    (b'sub dir/caf\xc3\xa9:1.cfg', 'sub%20dir/caf%C3%A9%3A1.cfg'),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--cfg', required=True)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix='tc-sarif-')
    fails = 0
    try:
        for name, uri in CASES:
            path = os.path.join(os.fsencode(work), name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            shutil.copy(a.cfg, path)
            p = subprocess.run([os.fsencode(a.bin), b'check', b'-q', b'--format', b'sarif', name],
                               cwd=work, capture_output=True, timeout=120)
            what = name.decode('utf-8', 'backslashreplace')
            if p.returncode != 1 or p.stderr:
                print('FAIL: %s: exit %d, expected 1: %s' % (
                    what, p.returncode, p.stderr.decode('utf-8', 'replace')))
                fails += 1
                continue
            try:
                log = json.loads(p.stdout)
            except ValueError as e:
                print('FAIL: %s: not JSON: %s' % (what, e))
                fails += 1
                continue
            uris = set()
            for result in log['runs'][0]['results']:
                for loc in result['locations'] + result.get('relatedLocations', []):
                    if 'physicalLocation' in loc:
                        uris.add(loc['physicalLocation']['artifactLocation']['uri'])
            if uris != {uri}:
                print('FAIL: %s: URIs %s, expected %s' % (what, sorted(uris), uri))
                fails += 1
    finally:
        shutil.rmtree(work)
    if fails:
        sys.exit(1)
    print('sarif-paths: %d names, all as URIs' % len(CASES))


if __name__ == '__main__':
    main()
