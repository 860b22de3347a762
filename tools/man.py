#!/usr/bin/env python3
"""Writes the manual pages (man(7) roff) from the tool's own help text, so
that `man threadconv-check` and `threadconv help check` say the same.

usage: man.py --bin THREADCONV --version V --out DIR

threadconv.1 from `threadconv --help`, threadconv-COMMAND.1 from `threadconv
help COMMAND` for analyze and check. The help text's layout carries over:
a line at the left margin is a section heading; a paragraph indented four
spaces is filled text; an option (four spaces, then '-') starts a tagged
paragraph whose description (eight spaces) follows; anything indented more
(examples, tables, wrapped output) is kept as it is, without filling.
"""
import argparse, os, subprocess, sys

PAGES = [('threadconv', []), ('threadconv-analyze', ['help', 'analyze']),
         ('threadconv-check', ['help', 'check'])]


def esc(text):
    """roff-escaped text: backslashes, hyphens (as minus signs where they
    start an option), and a leading dot or quote."""
    t = text.replace('\\', '\\e').replace('-', '\\-')
    if t.startswith(('.', "'")):
        t = '\\&' + t
    return t


def indent(line):
    return len(line) - len(line.lstrip(' '))


def roff(name, version, text):
    out = ['.TH %s 1 "" "threadconv %s" "User Commands"' % (esc(name.upper()), version)]
    lines = text.rstrip('\n').split('\n')
    i, section = 0, None
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if indent(line) == 0:
            section = line.strip()
            out.append('.SH ' + esc(section))
            i += 1
            continue
        if section == 'OPTIONS' and indent(line) == 4 and line.lstrip().startswith('-'):
            out.append('.TP')
            out.append('.B ' + esc(line.strip()))
            i += 1
            while i < len(lines) and lines[i].strip() and indent(lines[i]) >= 8:
                j = i
                while j < len(lines) and lines[j].strip() and indent(lines[j]) == 8:
                    j += 1
                if j > i:
                    out.append(esc(' '.join(l.strip() for l in lines[i:j])))
                    i = j
                else:  # deeper: as it is
                    out.append('.nf')
                    while i < len(lines) and lines[i].strip() and indent(lines[i]) > 8:
                        out.append(esc(lines[i][8:]))
                        i += 1
                    out.append('.fi')
            continue
        if indent(line) == 4:
            j = i
            while j < len(lines) and lines[j].strip() and indent(lines[j]) == 4:
                j += 1
            block = lines[i:j]
            if section in ('SYNOPSIS', 'EXAMPLES', 'EXIT STATUS', 'COMMANDS', 'FORMATS') \
                    or j < len(lines) and lines[j].strip() and indent(lines[j]) > 4:
                out.append('.nf')
                out.extend(esc(l[4:]) for l in block)
                while j < len(lines) and lines[j].strip() and indent(lines[j]) > 4:
                    out.append(esc(lines[j][4:]))
                    j += 1
                out.append('.fi')
            else:
                out.append('.PP')
                out.append(esc(' '.join(l.strip() for l in block)))
            i = j
            continue
        out.append('.nf')  # indented more than a paragraph: kept as it is
        while i < len(lines) and lines[i].strip() and indent(lines[i]) > 4:
            out.append(esc(lines[i][4:]))
            i += 1
        out.append('.fi')
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', required=True)
    ap.add_argument('--version', required=True)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for name, args in PAGES:
        p = subprocess.run([a.bin] + (args or ['--help']), capture_output=True, text=True)
        if p.returncode != 0 or not p.stdout:
            sys.exit('man.py: %s %s failed: %s' % (a.bin, ' '.join(args), p.stderr))
        tmp = os.path.join(a.out, name + '.1.tmp')
        with open(tmp, 'w') as f:
            f.write(roff(name, a.version, p.stdout))
        os.replace(tmp, os.path.join(a.out, name + '.1'))


if __name__ == '__main__':
    main()
