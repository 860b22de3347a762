#!/usr/bin/env python3
"""Cycles between the modules of the library and the command, by symbol.

usage: module-cycles.py OBJECT_DIR...

A module is a .c file, or a reader's folder (src/frontend/NAME/, whose
parts share one internal header); module A uses module B when an object of
A refers to a function or variable an object of B defines (nm). Prints each
set of modules that use each other round in a circle and exits 1 when there
is one. The include graph (include-graph.py) cannot see such a circle when
one header declares the functions of several files.
"""
import collections, os, subprocess, sys


def module(obj):
    path = obj.replace(os.sep, '/')
    for top in ('/src/', '/tools/'):
        if top in path:
            rel = path[path.index(top) + 1:]
            break
    else:
        rel = path
    rel = rel[:-len('.c.o')] if rel.endswith('.c.o') else rel
    parts = rel.split('/')
    if len(parts) >= 4 and parts[:2] == ['src', 'frontend']:
        return '/'.join(parts[:3]) + '/'  # a reader's folder
    return rel


def symbols(objs):
    defs, uses = {}, collections.defaultdict(set)
    for o in objs:
        out = subprocess.run(['nm', o], capture_output=True, text=True, check=True).stdout
        m = module(o)
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in 'TDBR':
                defs[p[2]] = m
            elif len(p) == 2 and p[0] == 'U':
                uses[m].add(p[1])
    return defs, uses


def cycles(graph):
    """Strongly connected components of more than one node (Tarjan's, with
    an explicit stack)."""
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
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
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
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    objs = []
    for d in sys.argv[1:]:
        for root, _, files in os.walk(d):
            objs += [os.path.join(root, f) for f in sorted(files) if f.endswith('.c.o')]
    if not objs:
        sys.exit('module-cycles.py: no object files under %s' % ' '.join(sys.argv[1:]))
    defs, uses = symbols(objs)
    graph = collections.defaultdict(set)
    for m, us in uses.items():
        graph[m] |= {defs[s] for s in us if s in defs and defs[s] != m}
    for m in set(defs.values()):
        graph[m]
    found = cycles(graph)
    for comp in found:
        print('modules in a circle: ' + ', '.join(comp))
    print('%d modules, %d circles' % (len(graph), len(found)))
    sys.exit(1 if found else 0)


if __name__ == '__main__':
    main()
