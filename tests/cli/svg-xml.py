#!/usr/bin/env python3
"""analyze --format svg on names that XML cannot carry as they are (control
bytes, bytes that are not UTF-8): the SVG must be well-formed XML
(xml.etree parses it) and show those bytes as \\xNN.

usage: svg-xml.py --bin THREADCONV INPUT...
"""
import argparse, subprocess, sys
import xml.etree.ElementTree as ET


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('inputs', nargs='+')
    a = ap.parse_args()
    fails = 0
    for path in a.inputs:
        p = subprocess.run([a.bin, 'analyze', '--format', 'svg', path],
                           capture_output=True, timeout=120)
        if p.returncode != 0:
            print('FAIL: %s: exit %d: %s' % (path, p.returncode, p.stderr.decode('utf-8', 'replace')))
            fails += 1
            continue
        try:
            root = ET.fromstring(p.stdout)
        except ET.ParseError as e:
            print('FAIL: %s: the SVG is not well-formed XML: %s' % (path, e))
            fails += 1
            continue
        texts = [''.join(t.itertext()) for t in root.iter('{http://www.w3.org/2000/svg}text')]
        if not any('\\x' in t for t in texts):
            print('FAIL: %s: no label shows a byte as \\xNN: %r' % (path, texts))
            fails += 1
    if fails:
        sys.exit(1)
    print('svg-xml: %d SVG documents well-formed' % len(a.inputs))


if __name__ == '__main__':
    main()
