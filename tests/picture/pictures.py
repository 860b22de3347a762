#!/usr/bin/env python3
"""check --format svg and the pictures of large graphs (docs/check.md,
"Pictures").

usage: pictures.py --bin THREADCONV --work DIR CASE
       pictures.py --ladder N      (writes the .cfg of a ladder of 2N + 3 nodes)

  svg    SVG of the golden cases' inputs, read as XML: the same drawing as
         the DOT (nodes, edges, their classes and colours, labels), one
         graph or clusters side by side, the note of nothing reported, and
         -o FILE the same bytes as standard output. Coordinates and fonts
         depend on graphviz's version, so only the structure is compared.
  part   generated graphs over the budget: the part around the finding
         (its nodes and no others, "..." nodes where edges leave it), in DOT
         and SVG; a path too long for SVG (DOT writes it, SVG a note); a
         second graph that no longer fits the SVG's budget whole; a ladder
         of a million nodes drawn in seconds.
"""
import argparse, os, re, subprocess, sys, tempfile, time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
SVG = '{http://www.w3.org/2000/svg}'
XLINK = '{http://www.w3.org/1999/xlink}'
ELLIPSIS = '\u2026'


class Failure(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Failure(what)


def run(binary, args, cwd=None, timeout=300):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr.decode('utf-8', 'replace')


def ladder(n, divergent=None, barrier=None, name='ladder', sparse=False):
    """Two chains a0..a(n-1) and b0..b(n-1), a_i also leading to b_i; only
    a_divergent is divergent, the barrier sits after a_barrier. sparse: the
    b chain and the rungs only from a_divergent to a_barrier (b_barrier
    leads to the exit), the rest of a a plain chain."""
    divergent = n * 7 // 16 if divergent is None else divergent
    barrier = divergent + 10 if barrier is None else barrier
    rungs = range(divergent, barrier + 1) if sparse else range(n)
    lines = ['graph %s' % name, 'entry e', 'exit x', 'barrier bar',
             'uniform ' + ' '.join('a%d' % i for i in rungs if i != divergent),
             'e -> a0']
    for i in range(n):
        nxt = 'a%d' % (i + 1) if i + 1 < n else 'x'
        if i == barrier:
            nxt = 'bar'
        if i in rungs:
            lines.append('a%d -> %s b%d' % (i, nxt, i))
            last = i + 1 == n or i + 1 not in rungs
            lines.append('b%d -> %s' % (i, 'x' if last else 'b%d' % (i + 1)))
        else:
            lines.append('a%d -> %s' % (i, nxt))
    lines.append('bar -> a%d' % (barrier + 1))
    return '\n'.join(lines) + '\n'


def chain(n, name='long'):
    """A branch at the start of a chain of n nodes, the barrier at its end:
    every node is on the path."""
    lines = ['graph %s' % name, 'entry e', 'exit x', 'barrier bar', 'e -> c0 x']
    for i in range(n - 1):
        lines.append('c%d -> c%d' % (i, i + 1))
    lines.append('c%d -> bar' % (n - 1))
    lines.append('bar -> x')
    return '\n'.join(lines) + '\n'


# ---- reading the pictures ------------------------------------------------------

DOT_NODE = re.compile(r'^\t+(\w+) \[label="((?:[^"\\]|\\.)*)"(.*)\];$')
DOT_EDGE = re.compile(r'^\t+(\w+) -> (\w+) \[(.*)\];$')


def read_dot(text):
    """{'graphs': [(title, nodes {id: (label, attrs)}, edges [(a, b, attrs)])]}"""
    graphs = []
    for line in text.split('\n'):
        if line.startswith('digraph'):
            graphs.append({'title': None, 'nodes': {}, 'edges': []})
        m = re.match(r'^\tgraph \[label="((?:[^"\\]|\\.)*)"', line)
        if m:
            graphs[-1]['title'] = m.group(1)
            continue
        m = DOT_NODE.match(line)
        if m:
            graphs[-1]['nodes'][m.group(1)] = (m.group(2), m.group(3))
            continue
        m = DOT_EDGE.match(line)
        if m:
            graphs[-1]['edges'].append((m.group(1), m.group(2), m.group(3)))
    return graphs


def read_svg(data):
    """The drawing: its title texts, and per cluster (or the root) its
    nodes {id: {classes, texts, stroke, tooltip}} and edges [(a, b, classes,
    stroke, dashed)]."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise Failure('the SVG is not well-formed XML: %s' % e)
    expect(root.tag == SVG + 'svg', 'not an SVG document: %s' % root.tag)
    top = root.find(SVG + 'g')
    drawing = {'texts': [''.join(t.itertext()) for t in top.findall(SVG + 'text')],
               'clusters': [], 'nodes': {}, 'edges': []}
    for g in top.findall(SVG + 'g'):
        classes = g.get('class', '').split()
        title = g.findtext(SVG + 'title')
        if 'cluster' in classes:
            drawing['clusters'].append(
                (title, [''.join(t.itertext()) for t in g.findall(SVG + 'text')]))
            continue
        shapes = [e for e in g.iter() if e.tag in (SVG + 'ellipse', SVG + 'polygon',
                                                   SVG + 'path', SVG + 'polyline')]
        stroke = shapes[0].get('stroke') if shapes else None
        dashed = bool(shapes and shapes[0].get('stroke-dasharray'))
        link = g.find('.//' + SVG + 'a')
        tip = link.get(XLINK + 'title') if link is not None else None
        if 'node' in classes:
            drawing['nodes'][title] = {
                'classes': set(classes) - {'node'}, 'stroke': stroke, 'tooltip': tip,
                'texts': [''.join(t.itertext()) for t in g.iter(SVG + 'text')]}
        elif 'edge' in classes:
            a, b = title.split('->')
            drawing['edges'].append((a, b, set(classes) - {'edge'}, stroke, dashed))
    return drawing


def dot_label_lines(label):
    r"""The lines a DOT label shows (\n between them, \\ a backslash)."""
    out, cur, i = [], '', 0
    while i < len(label):
        c = label[i]
        if c == '\\' and i + 1 < len(label):
            nxt = label[i + 1]
            if nxt == 'n':
                out.append(cur)
                cur = ''
            else:
                cur += nxt
            i += 2
            continue
        cur += c
        i += 1
    out.append(cur)
    return out


def attr(attrs, name):
    m = re.search(r'\b%s="?([^",]*)"?' % name, attrs)
    return m.group(1) if m else None


def same_drawing(dot_graph, svg_nodes, svg_edges, prefix, what):
    """The SVG shows what the DOT says: every node with its label lines,
    classes and colour, every edge with its class."""
    expect(len(svg_nodes) == len(dot_graph['nodes']),
           '%s: %d nodes in SVG, %d in DOT' % (what, len(svg_nodes), len(dot_graph['nodes'])))
    for ident, (label, attrs) in dot_graph['nodes'].items():
        node = svg_nodes.get(prefix + ident)
        expect(node is not None, '%s: node %s is not in the SVG' % (what, ident))
        want = [t for t in dot_label_lines(label)]
        expect(node['texts'] == want, '%s: node %s shows %r, not %r'
               % (what, ident, node['texts'], want))
        cls = set((attr(attrs, 'class') or '').split())
        expect(node['classes'] == cls, '%s: node %s has classes %r, not %r'
               % (what, ident, node['classes'], cls))
        color = attr(attrs, 'color')
        if color and not cls & {'elided'}:
            expect(node['stroke'] == color, '%s: node %s is drawn %s, not %s'
                   % (what, ident, node['stroke'], color))
    expect(len(svg_edges) == len(dot_graph['edges']),
           '%s: %d edges in SVG, %d in DOT' % (what, len(svg_edges), len(dot_graph['edges'])))
    want = sorted((prefix + a, prefix + b, attr(at, 'class') or '') for a, b, at in dot_graph['edges'])
    got = sorted((a, b, ' '.join(sorted(c))) for a, b, c, _, _ in svg_edges)
    expect(got == want, '%s: the edges differ: %r vs %r' % (what, got[:5], want[:5]))
    for a, b, cls, stroke, dashed in svg_edges:
        if 'path' in cls:
            expect(stroke == 'darkorange', '%s: path edge %s->%s is %s' % (what, a, b, stroke))
        if 'elided' in cls:
            expect(dashed, '%s: elided edge %s->%s is not dashed' % (what, a, b))


def pictures(a, rel_input, extra=(), cwd=HERE, status=1):
    """DOT and SVG of an input, both with the expected exit status."""
    rc, dot, err = run(a.bin, ['check', '-q', '--format', 'dot'] + list(extra) + [rel_input], cwd)
    expect(rc == status, 'dot of %s: exit %d, not %d: %s' % (rel_input, rc, status, err))
    rc, svg, err = run(a.bin, ['check', '-q', '--format', 'svg'] + list(extra) + [rel_input], cwd)
    expect(rc == status, 'svg of %s: exit %d, not %d: %s' % (rel_input, rc, status, err))
    expect(not err, 'svg of %s: stderr %r' % (rel_input, err))
    return read_dot(dot.decode()), read_svg(svg), dot, svg


# ---- the cases ---------------------------------------------------------------

def case_svg(a):
    # one graph: the root is the drawing; classes and colours as in DOT
    dot, svg, _, raw = pictures(a, '../cli/check/divergent.cfg')
    expect(len(dot) == 1 and not svg['clusters'], 'divergent.cfg: one graph, no clusters')
    expect('divergent: barrier-divergence' in svg['texts'], 'title: %r' % svg['texts'])
    same_drawing(dot[0], svg['nodes'], svg['edges'], '', 'divergent.cfg')
    finding = [n for n in svg['nodes'].values() if 'finding' in n['classes']]
    expect(len(finding) == 1 and finding[0]['texts'] == ['b1', 'divergent.cfg:5']
           and finding[0]['stroke'] == 'red', 'the finding: %r' % finding)
    expect('[-Wbarrier-divergence]' in finding[0]['tooltip'], 'its tooltip: %r' % finding)
    cause = [n for n in svg['nodes'].values() if 'cause' in n['classes']]
    expect(len(cause) == 1 and cause[0]['texts'] == ['c'] and cause[0]['stroke'] == 'blue',
           'the cause: %r' % cause)
    # -o FILE: the same bytes
    with tempfile.TemporaryDirectory(dir=a.work) as d:
        out = os.path.join(d, 'bug.svg')
        rc, o, err = run(a.bin, ['check', '-q', '--format', 'svg', '-o', out,
                                 '../cli/check/divergent.cfg'], HERE)
        expect(rc == 1 and not o, '-o: exit %d, stdout %r' % (rc, o[:100]))
        with open(out, 'rb') as f:
            expect(f.read() == raw, '-o FILE differs from standard output')
    # several graphs: clusters side by side, titles demangled
    for rel, titles in (('../llvm/cli/copies.ll', ['k: barrier-after-exit',
                                                   's: collective-after-exit']),
                        ('../llvm/ir/collectives_warp.ll', None),
                        ('../cli/check/loop.cfg', ['loop: barrier-divergence',
                                                   'nested: barrier-divergence'])):
        dot, svg, _, _ = pictures(a, rel)
        expect(len(svg['clusters']) == len(dot) > 1, '%s: %d clusters for %d graphs'
               % (rel, len(svg['clusters']), len(dot)))
        if titles:
            got = [texts[0] for _, texts in svg['clusters']]
            expect(got == titles, '%s: cluster titles %r' % (rel, got))
        for k, g in enumerate(dot):
            nodes = {i: n for i, n in svg['nodes'].items() if i.startswith('g%d_' % k)}
            edges = [e for e in svg['edges'] if e[0].startswith('g%d_' % k)]
            same_drawing(g, nodes, edges, 'g%d_' % k, '%s graph %d' % (rel, k))
    _, svg, _, _ = pictures(a, '../llvm/cli/copies.ll')
    labels = [n['texts'] for n in svg['nodes'].values() if 'finding' in n['classes']]
    expect(['%6.barrier', 'copies.cu:9'] in labels, 'copies.ll: findings %r' % labels)
    # suppressed: not drawn
    dot, svg, _, _ = pictures(a, 'nolint.cfg')
    expect(len(dot) == 1 and dot[0]['title'].startswith('loud'), 'nolint.cfg: %r' % dot)
    same_drawing(dot[0], svg['nodes'], svg['edges'], '', 'nolint.cfg')
    # nothing reported: a drawing that says so
    for rel, extra in (('../cli/check/clean.cfg', []),
                       ('../cli/check/divergent.cfg', ['-Wno-barrier-divergence'])):
        _, svg, _, _ = pictures(a, rel, extra, status=0)
        expect(not svg['nodes'] and 'threadconv check: no finding reported' in svg['texts'],
               '%s: %r' % (rel, svg))
    # names that XML cannot carry as they are
    _, svg, _, _ = pictures(a, '../cli/check/escapes.cfg')
    expect(any('\\x' in t for n in svg['nodes'].values() for t in n['texts']),
           'escapes.cfg: no \\xNN in the labels')
    # a part: "..." nodes, dashed edges to them
    dot, svg, _, _ = pictures(a, 'ladder.cfg')
    same_drawing(dot[0], svg['nodes'], svg['edges'], '', 'ladder.cfg')
    expect(any(n['texts'] == [ELLIPSIS] for n in svg['nodes'].values()), 'ladder.cfg: no ...')
    expect(any('a part' in t for t in svg['texts']), 'ladder.cfg: title %r' % svg['texts'])
    print('svg: the drawings are the DOT laid out')


def check_part(dot, nodes, divergent, barrier, what):
    """The ladder's part (of nodes nodes): the path a_divergent..a_barrier,
    bar, and their neighbours, nothing else."""
    expect(len(dot) == 1, '%s: %d graphs' % (what, len(dot)))
    g = dot[0]
    expect('a part: ' in g['title'] and 'of %d nodes' % nodes in g['title'],
           '%s: title %r' % (what, g['title']))
    names = {}
    for ident, (label, attrs) in g['nodes'].items():
        lines = dot_label_lines(label)
        if lines == [ELLIPSIS]:
            continue
        names[lines[0]] = (ident, attr(attrs, 'class'))
    path = ['a%d' % i for i in range(divergent + 1, barrier + 1)]
    near = ['a%d' % (divergent - 1), 'a%d' % (barrier + 1)] + \
           ['b%d' % i for i in range(divergent, barrier + 1)]
    want = set(path + near + ['bar', 'a%d' % divergent])
    expect(set(names) == want, '%s: drew %r' % (what, sorted(set(names) ^ want)))
    expect(names['bar'][1] == 'finding path' and names['a%d' % divergent][1] == 'cause path',
           '%s: bar %r, cause %r' % (what, names['bar'], names['a%d' % divergent]))
    for p in path:
        expect(names[p][1] == 'path', '%s: %s is %r' % (what, p, names[p][1]))
    for p in near:
        expect(names[p][1] is None, '%s: %s is %r' % (what, p, names[p][1]))
    elided = [e for e in g['edges'] if attr(e[2], 'class') == 'elided']
    expect(elided and all('style=dashed' in e[2] for e in elided), '%s: elided %r' % (what, elided))


def case_part(a):
    with tempfile.TemporaryDirectory(dir=a.work) as d:
        part_cases(a, d)
    print('part: the parts are drawn')


def part_cases(a, d):
    # a ladder of 4003 nodes: the part only, in DOT and SVG
    n = 2000
    with open(os.path.join(d, 'ladder.cfg'), 'w') as f:
        f.write(ladder(n, 900, 910))
    dot, svg, _, _ = pictures(a, 'ladder.cfg', cwd=d)
    check_part(dot, 2 * n + 3, 900, 910, 'ladder of %d' % (2 * n + 3))
    same_drawing(dot[0], svg['nodes'], svg['edges'], '', 'svg of the ladder')
    # a path longer than the budget: DOT writes all of it after a comment
    # that says so, SVG a note; the exit status is the findings'
    with open(os.path.join(d, 'long.cfg'), 'w') as f:
        f.write(chain(5000))
    rc, out, err = run(a.bin, ['check', '-q', '--format', 'dot', 'long.cfg'], d)
    expect(rc == 1, 'dot of a long path: exit %d: %s' % (rc, err))
    text = out.decode()
    expect(text.startswith('// long: the graph has 5003 nodes and 5003 edges, more than '
                           '--format svg lays out'), 'dot of a long path: %r' % text[:200])
    expect(len(read_dot(text)[0]['nodes']) == 5003, 'dot of a long path: not every node')
    rc, out, err = run(a.bin, ['check', '-q', '--format', 'svg', 'long.cfg'], d)
    expect(rc == 1, 'svg of a long path: exit %d: %s' % (rc, err))
    svg = read_svg(out)
    note = [n for n in svg['nodes'].values() if 'note' in n['classes']]
    expect(len(note) == 1 and len(svg['nodes']) == 1, 'svg of a long path: %r' % svg['nodes'])
    expect('more than this SVG has room for (at most 300 nodes and 600 edges in all);'
           in note[0]['texts'], 'svg of a long path: the note says %r' % note[0]['texts'])
    # two graphs: the first takes 203 nodes of the SVG's budget whole, so
    # the second (also 203) is drawn as its part; DOT draws both whole
    with open(os.path.join(d, 'two.cfg'), 'w') as f:
        f.write(ladder(100, 40, 50, 'first') + '\n' + ladder(100, 40, 50, 'second'))
    dot, svg, _, _ = pictures(a, 'two.cfg', cwd=d)
    expect([len(g['nodes']) for g in dot] == [203, 203], 'two graphs in DOT: %r'
           % [len(g['nodes']) for g in dot])
    titles = [texts for _, texts in svg['clusters']]
    expect(len(titles) == 2 and 'a part' not in ' '.join(titles[0])
           and any('a part' in t for t in titles[1]), 'two graphs in SVG: %r' % titles)
    drawn = sum(1 for i in svg['nodes'] if i.startswith('g1_'))
    expect(drawn < 97, 'two graphs in SVG: %d nodes of the second' % drawn)
    # a million nodes: the part, in a few seconds
    n = 1000000
    with open(os.path.join(d, 'huge.cfg'), 'w') as f:
        f.write(ladder(n, 500000, 500010, 'huge', sparse=True))
    for fmt in ('dot', 'svg'):
        t0 = time.monotonic()
        rc, out, err = run(a.bin, ['check', '-q', '--format', fmt, 'huge.cfg'], d, timeout=600)
        took = time.monotonic() - t0
        expect(rc == 1, '%s of a million nodes: exit %d: %s' % (fmt, rc, err))
        expect(len(out) < 100000, '%s of a million nodes: %d bytes' % (fmt, len(out)))
        if fmt == 'dot':
            check_part(read_dot(out.decode()), n + 11 + 3, 500000, 500010, 'a million nodes')
        else:
            read_svg(out)
        print('part: %s of %d nodes in %.1f s' % (fmt, n + 14, took))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin')
    ap.add_argument('--work', default=None)
    ap.add_argument('--ladder', type=int)
    ap.add_argument('case', nargs='?', choices=('svg', 'part'))
    a = ap.parse_args()
    if a.ladder:
        sys.stdout.write(ladder(a.ladder, 70, 80))
        return 0
    if not a.bin or not a.case:
        ap.error('--bin and a case are needed')
    a.bin = os.path.abspath(a.bin)
    if a.work:
        os.makedirs(a.work, exist_ok=True)
    try:
        {'svg': case_svg, 'part': case_part}[a.case](a)
    except (Failure, subprocess.TimeoutExpired) as e:
        print('FAIL %s: %s' % (a.case, e))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
