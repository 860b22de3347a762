#!/usr/bin/env python3
"""Cycles between the modules of the library and the command, by symbol.

usage: module-cycles.py [--root DIR] OBJECT_DIR...

A module is a .c file, or a reader's folder (src/frontend/NAME/, whose
parts share one internal header); module A uses module B when an object of
A refers to a function or variable an object of B defines (nm). Prints each
set of modules that use each other round in a circle and exits 1 when there
is one. Objects of sources that are no longer under DIR (the tree this
script is in, by default) are left out. The include graph (include-graph.py) cannot see such a circle when
one header declares the functions of several files.
"""
import collections, importlib.util, os, subprocess, sys


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


def source_exists(root, obj):
    m = obj.replace(os.sep, '/')
    for top in ('/src/', '/tools/'):
        if top in m:
            rel = m[m.index(top) + 1:][:-len('.o')]
            return os.path.isfile(os.path.join(root, rel))
    return True  # not of the tree: kept (made-up objects)


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
    """The circles of graph: include-graph.py's search (Tarjan's, with an
    explicit stack), shared rather than written twice."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location('include_graph',
                                                  os.path.join(here, 'include-graph.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.cycles(graph)


def main():
    args = sys.argv[1:]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    if args[:1] == ['--root'] and len(args) > 1:
        root, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    objs = []
    for d in args:
        for top, _, files in os.walk(d):
            objs += [os.path.join(top, f) for f in sorted(files) if f.endswith('.c.o')]
    # an object whose source is gone (an incremental build after a file
    # was removed or renamed) is no module
    objs = [o for o in objs if source_exists(root, o)]
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
