#!/usr/bin/env python3
"""Smoke test of the benchmarks at tiny sizes (ctest bench.smoke, bench.smoke.ir).

usage: smoke.py --gen PATH --bin PATH
       smoke.py --ir --gen PATH --bin PATH --opt PATH

For every shape: gen_cfg writes exactly the requested number of nodes, the
same bytes for the same arguments and other bytes for another seed, and
`threadconv analyze --format json` finds every node and edge live. Then
run.py runs every shape and solver at two tiny sizes, once each, and its
results.json, results.md and SVG plots must exist and parse.

With --ir (gen_ir and ir_vs_llvm.py): gen_ir writes exactly the requested
number of blocks, the same bytes for the same arguments and other bytes for
another seed; its kernels pass `opt -passes=verify`, and `threadconv check`
reads them, with uniform and divergent branches, barriers and no dead node.
Then ir_vs_llvm.py at two tiny sizes: ir.json, ir.md and the plots; ir_ab.py
on every shape, and ptx_vs_ir.py and spirv_vs_ir.py --prepare-only, at one
tiny size (they share ir_ab.py's inputs). Exits 77
(skipped) when --opt is empty or not an executable.
"""
import argparse, json, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPES = ['structured', 'chain', 'loopnest', 'fanin', 'tangle']
NODES = 1000


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


def gen(args, shape, nodes, seed, path):
    subprocess.run([args.gen, '--shape', shape, '--nodes', str(nodes), '--seed', str(seed),
                    '-o', path], check=True)
    with open(path, 'rb') as f:
        return f.read()


def check_shape(args, tmp, shape):
    a = os.path.join(tmp, shape + '-a.cfg')
    text = gen(args, shape, NODES, 7, a)
    again = gen(args, shape, NODES, 7, os.path.join(tmp, shape + '-b.cfg'))
    check(text == again, '%s: two runs with one seed differ' % shape)
    if shape not in ('chain', 'loopnest'):
        other = gen(args, shape, NODES, 8, os.path.join(tmp, shape + '-c.cfg'))
        # the first line echoes the arguments; the graph itself must differ
        check(text.split(b'\n', 1)[1] != other.split(b'\n', 1)[1],
              '%s: seeds 7 and 8 give the same graph' % shape)
    p = subprocess.run([args.bin, 'analyze', '--format', 'json', a],
                       capture_output=True, text=True)
    check(p.returncode == 0, '%s: threadconv failed: %s' % (shape, p.stderr.strip()))
    graphs = json.loads(p.stdout)['graphs']
    check(len(graphs) == 1, '%s: %d graphs' % (shape, len(graphs)))
    g = graphs[0]
    check(g['name'] == shape, '%s: graph named %s' % (shape, g['name']))
    check(len(g['nodes']) == NODES, '%s: %d nodes, asked for %d' % (shape, len(g['nodes']),
                                                                      NODES))
    dead = [x['name'] for x in g['nodes'] if x['state'] == '-']
    check(not dead, '%s: dead nodes %s' % (shape, ' '.join(dead[:5])))
    dead = ['%s -> %s' % (x['from'], x['to']) for x in g['edges'] if x['state'] == '-']
    check(not dead, '%s: dead edges %s' % (shape, ', '.join(dead[:5])))
    if shape != 'chain':
        check(g['barriers'], '%s: no barriers' % shape)
    ratio = len(g['edges']) / len(g['nodes'])
    print('%-10s %d nodes, %d edges (%.2f per node), %d barriers, all live'
          % (shape, len(g['nodes']), len(g['edges']), ratio, len(g['barriers'])))


def check_run(args, tmp):
    out, work = os.path.join(tmp, 'results'), os.path.join(tmp, 'work')
    cmd = [sys.executable, os.path.join(HERE, 'run.py'), '--gen', args.gen, '--bin',
           args.bin, '--sizes', '300,1000', '--runs', '1', '--timeout', '30',
           '--goal-size', '1000', '--out', out, '--work', work]
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 0, 'run.py failed:\n%s' % p.stderr)
    with open(os.path.join(out, 'results.json')) as f:
        data = json.load(f)
    rows = data['results']
    check(len(rows) == len(SHAPES) * 2 * 6, 'results.json: %d rows' % len(rows))
    for r in rows:
        where = '%s %d %s' % (r['shape'], r['size'], r['solver'])
        check(r['status'] == 'ok', '%s: %s' % (where, r['status']))
        check(r['wall_s'] > 0 and r['phases_ms'], '%s: no times' % where)
        check(r['nodes'] == r['size'], '%s: %s nodes' % (where, r['nodes']))
        check(r.get('rss_kb'), '%s: no peak memory' % where)
    check(data['goals'], 'no goals judged')
    with open(os.path.join(out, 'results.md')) as f:
        md = f.read()
    for shape in SHAPES:
        check('## %s' % shape in md, 'results.md: no section %s' % shape)
        for kind in ('time', 'memory', 'per-element'):
            path = os.path.join(out, '%s-%s.svg' % (shape, kind))
            root = ET.parse(path).getroot()
            check(root.tag.endswith('svg'), '%s: not an SVG' % path)
            circles = root.findall('.//{http://www.w3.org/2000/svg}circle')
            check(len(circles) >= 12, '%s: %d points' % (path, len(circles)))
    check(os.listdir(work), 'run.py wrote no inputs')
    print('run.py: %d rows, results.md, %d plots' % (len(rows), 3 * len(SHAPES)))


def gen_ir(args, blocks, seed, path):
    subprocess.run([args.gen, '--blocks', str(blocks), '--seed', str(seed), '-o', path],
                   check=True, stderr=subprocess.DEVNULL)
    with open(path, 'rb') as f:
        return f.read()


def check_ir_kernel(args, tmp, blocks):
    a = os.path.join(tmp, 'k%d-a.ll' % blocks)
    text = gen_ir(args, blocks, 7, a)
    check(text == gen_ir(args, blocks, 7, os.path.join(tmp, 'k%d-b.ll' % blocks)),
          'gen_ir %d: two runs with one seed differ' % blocks)
    if blocks >= 10:
        other = gen_ir(args, blocks, 8, os.path.join(tmp, 'k%d-c.ll' % blocks))
        check(text.split(b'\n', 1)[1] != other.split(b'\n', 1)[1],
              'gen_ir %d: seeds 7 and 8 give the same kernel' % blocks)
    labels = re.findall(rb'^b[0-9]+:$', text, re.M)
    check(len(labels) == blocks, 'gen_ir %d: %d blocks' % (blocks, len(labels)))
    p = subprocess.run([args.opt, '-passes=verify', '-disable-output', a],
                       capture_output=True, text=True)
    check(p.returncode == 0, 'gen_ir %d: opt -passes=verify: %s' % (blocks, p.stderr.strip()))
    p = subprocess.run([args.bin, 'check', '--format', 'json', a], capture_output=True,
                       text=True)
    check(p.returncode in (0, 1), 'gen_ir %d: threadconv check failed: %s'
          % (blocks, p.stderr.strip()))
    g = json.loads(p.stdout)['graphs']
    check(len(g) == 1 and g[0]['name'] == 'kernel', 'gen_ir %d: graphs %s'
          % (blocks, [x['name'] for x in g]))
    nodes = g[0]['nodes']
    check(len(nodes) >= blocks, 'gen_ir %d: %d nodes' % (blocks, len(nodes)))
    dead = [x['name'] for x in nodes if x['state'] == '-']
    check(not dead, 'gen_ir %d: dead nodes %s' % (blocks, ' '.join(dead[:5])))
    barriers = text.count(b'call void @llvm.nvvm.barrier0()')
    check(len(g[0]['barriers']) == barriers, 'gen_ir %d: %d barriers in the IR, %d found'
          % (blocks, barriers, len(g[0]['barriers'])))
    uniform = sum(1 for x in nodes if x.get('uniform'))
    conds = len(re.findall(rb'^  br i1 ', text, re.M))
    if blocks >= 1000:
        check(barriers >= blocks // 100, 'gen_ir %d: %d barriers' % (blocks, barriers))
        check(0 < uniform < conds, 'gen_ir %d: %d of %d conditional branches uniform'
              % (blocks, uniform, conds))
    print('gen_ir %5d blocks: %d nodes, %d barriers, %d of %d branches uniform; verified'
          % (blocks, len(nodes), barriers, uniform, conds))


def check_ir_run(args, tmp):
    out, work = os.path.join(tmp, 'ir-results'), os.path.join(tmp, 'ir-work')
    cmd = [sys.executable, os.path.join(HERE, 'ir_vs_llvm.py'), '--gen', args.gen, '--bin',
           args.bin, '--opt', args.opt, '--sizes', '300,1000', '--runs', '1', '--timeout',
           '60', '--goal-size', '1000', '--out', out, '--work', work]
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 0, 'ir_vs_llvm.py failed:\n%s' % p.stderr)
    with open(os.path.join(out, 'ir.json')) as f:
        data = json.load(f)
    rows = data['results']
    check(len(rows) == 2 * 3, 'ir.json: %d rows' % len(rows))
    for r in rows:
        where = '%d %s' % (r['size'], r['tool'])
        check(r['status'] == 'ok', '%s: %s %s' % (where, r['status'], r.get('message', '')))
        check(r['wall_s'] > 0 and r['phases_ms'], '%s: no times' % where)
        check(r.get('rss_kb'), '%s: no peak memory' % where)
        check(r.get('parse_ms'), '%s: no parse time' % where)
        if r['tool'] != 'opt-base':
            check(r.get('analysis_ms') is not None, '%s: no analysis time' % where)
    check(data['verdicts'], 'no verdicts')
    with open(os.path.join(out, 'ir.md')) as f:
        md = f.read()
    check('## Phase by phase' in md, 'ir.md: no phase table')
    for kind in ('time', 'per-block'):
        path = os.path.join(out, 'ir-%s.svg' % kind)
        root = ET.parse(path).getroot()
        check(root.tag.endswith('svg'), '%s: not an SVG' % path)
        circles = root.findall('.//{http://www.w3.org/2000/svg}circle')
        check(len(circles) >= 8, '%s: %d points' % (path, len(circles)))
    print('ir_vs_llvm.py: %d rows, ir.md, 2 plots' % len(rows))


def check_ab_scripts(args, tmp):
    """ir_ab.py on every shape, and the PTX and SPIR-V comparisons' inputs
    (--prepare-only), at a tiny size: the scripts that share ir_ab's
    bitcode() still call it as it is."""
    work = os.path.join(tmp, 'ab-work')
    cmd = [sys.executable, os.path.join(HERE, 'ir_ab.py'), '--old', args.bin, '--new', args.bin,
           '--shapes', 'random,nest,flat,loops,nest+lean', '--sizes', '300', '--runs', '1',
           '--work', work, '--gen', args.gen, '--opt', args.opt]
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 0, 'ir_ab.py failed:\n%s' % p.stderr)
    rows = [l for l in p.stdout.splitlines() if re.match(r'\| (random|nest|flat|loops)', l)]
    check(len(rows) >= 5, 'ir_ab.py: %d rows' % len(rows))
    for script in ('ptx_vs_ir.py', 'spirv_vs_ir.py'):
        cmd = [sys.executable, os.path.join(HERE, script), '--sizes', '300', '--runs', '1',
               '--work', work, '--gen', args.gen, '--bin', args.bin, '--prepare-only']
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode == 2 and 'is not an executable' in p.stderr:
            print('%s: a tool is missing, not checked' % script)
            continue
        check(p.returncode == 0, '%s --prepare-only failed:\n%s' % (script, p.stderr))
    print('ir_ab.py: %d rows; ptx_vs_ir.py and spirv_vs_ir.py prepared' % len(rows))


def main_ir(args):
    if not args.opt or not os.access(args.opt, os.X_OK):
        print('opt-19 not found: skipped')
        return 77
    with tempfile.TemporaryDirectory(prefix='tc-bench-ir-') as tmp:
        try:
            p = subprocess.run([args.gen, '--blocks', '1'], capture_output=True)
            check(p.returncode == 2, 'gen_ir accepted 1 block')
            for blocks in (2, 3, 5, 40, 1000, 5000):
                check_ir_kernel(args, tmp, blocks)
            check_ir_run(args, tmp)
            check_ab_scripts(args, tmp)
        except (Failure, subprocess.CalledProcessError, OSError, ValueError, KeyError) as e:
            print('FAIL: %s' % e, file=sys.stderr)
            return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gen', required=True)
    ap.add_argument('--bin', required=True)
    ap.add_argument('--ir', action='store_true', help='gen_ir and ir_vs_llvm.py')
    ap.add_argument('--opt', default='', help='opt-19 (with --ir)')
    args = ap.parse_args()
    if args.ir:
        return main_ir(args)
    with tempfile.TemporaryDirectory(prefix='tc-bench-') as tmp:
        try:
            p = subprocess.run([args.gen, '--shape', 'nosuch', '--nodes', '10'],
                               capture_output=True)
            check(p.returncode == 2, 'gen_cfg accepted an unknown shape')
            for shape in SHAPES:
                check_shape(args, tmp, shape)
            check_run(args, tmp)
        except (Failure, subprocess.CalledProcessError, OSError, ValueError, KeyError) as e:
            print('FAIL: %s' % e, file=sys.stderr)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
