#!/usr/bin/env python3
"""The include graph of the library and the command (docs/architecture.md).

usage: include-graph.py [--root DIR] [--files] [--check]

Reads every .c and .h under src/ and tools/ and the project headers each
includes ("..." includes; <...> ones are the system's and libraries'), and
prints the graph in graphviz's dot language: by layer (src/graph, src/util,
src/frontend, src/analysis, src/check, src/report, src/read.c, tools, include), or file
by file with --files. `scripts/include-graph.py | dot -Tsvg > includes.svg`
draws it.

--check prints nothing but the violations of the layering and exits 1 when
there is one:

  - a layer includes a header of a layer it may not (ALLOWED below: data
    flows frontend -> graph -> analyses -> report, and a reader includes only
    graph/ and util/);
  - the layers' graph has a cycle.
"""
import argparse, os, re, sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# what each layer may include besides itself and the public header
ALLOWED = {
    'util': set(),
    'graph': {'util'},
    'frontend': {'graph', 'util'},
    'analysis': {'graph', 'util'},
    'check': {'analysis', 'graph', 'util'},
    'report': {'check', 'analysis', 'graph', 'util'},
    'read': {'frontend', 'analysis', 'graph', 'util'},
    'tools': {'report', 'check', 'analysis', 'frontend', 'graph', 'util'},
}


def layer(path):
    """The layer of a path relative to the root, or None."""
    parts = path.split('/')
    if parts[0] == 'tools':
        return 'tools'
    if parts[0] == 'include':
        return 'include'
    if parts[0] == 'src':
        if len(parts) == 2:
            return 'read' if parts[1] == 'read.c' else None
        return parts[1]
    return None


def resolve(root, src, name):
    """The file an include names: relative to src/, to the including file's
    folder, or to include/."""
    for base in ('src', os.path.dirname(src), 'include'):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(root, p)):
            return p
    return None


def edges(root):
    out = {}
    for top in ('src', 'tools'):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith(('.c', '.h')):
                    continue
                rel = os.path.relpath(os.path.join(d, f), root)
                with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as fh:
                    names = INCLUDE.findall(fh.read())
                out[rel] = sorted({p for p in (resolve(root, rel, n) for n in names) if p})
    return out


def cycles(graph):
    """The strongly connected components of more than one node (Tarjan's,
    with an explicit stack)."""
    index, low, on, stack, found, counter = {}, {}, set(), [], [], [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        comp.append(x)
                        if x == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
            elif w not in index:
                index[w] = low[w] = counter[0]
                counter[0] += 1
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(graph.get(w, ())))))
            elif w in on:
                low[v] = min(low[v], index[w])
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    ap.add_argument('--files', action='store_true')
    ap.add_argument('--check', action='store_true')
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    files = edges(root)
    layers = {}
    bad = []
    for f, incs in files.items():
        a = layer(f)
        for g in incs:
            b = layer(g)
            if a is None or b is None or b == 'include' or a == b:
                continue
            layers.setdefault(a, set()).add(b)
            if a in ALLOWED and b not in ALLOWED[a]:
                bad.append('%s includes %s: %s may not include %s' % (f, g, a, b))
    for a in ALLOWED:
        layers.setdefault(a, set())
    for comp in cycles(layers):
        bad.append('the layers %s include each other' % ', '.join(comp))
    if args.check:
        for b in bad:
            print(b)
        return 1 if bad else 0
    print('digraph includes {')
    print('  rankdir=BT; node [shape=box, fontname="monospace"];')
    if args.files:
        for f in sorted(files):
            for g in files[f]:
                print('  "%s" -> "%s";' % (f, g))
    else:
        for a in sorted(layers):
            for b in sorted(layers[a]):
                print('  "%s" -> "%s";' % (a, b))
    print('}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
