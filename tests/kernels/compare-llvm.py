#!/usr/bin/env python3
"""Compares threadconv's uniform branches with LLVM's uniformity analysis.

usage: compare-llvm.py --bin THREADCONV --clang CLANG --opt OPT --work DIR KERNEL...

Each KERNEL is compiled for NVPTX at -O1 and -O2 to text IR (as run-kernels.py
compiles it). On the same .ll, `opt -passes='print<uniformity>'` (LLVM's
UniformityInfo with the NVPTX target's divergence sources) and `threadconv
analyze --format json` (whose nodes carry "uniform": true when the block's
branch is uniform, TC_NODE_UNIFORM) are run. For every block that ends in a
conditional branch (a `br` on a condition, a `switch` or an `indirectbr` with
two or more different successors):

- LLVM uniform => threadconv uniform, unless the block is listed in
  LLVM_MORE_PRECISE with the reason threadconv is more conservative there;
- threadconv uniform and LLVM divergent is printed, with the calls (and the
  loads through generic pointers) the condition is computed from that LLVM
  takes to be divergent, and must be listed in WE_MORE_PRECISE with the
  reason LLVM is conservative there.

A listed case that no longer occurs fails the test too, so the lists stay
exactly the current findings. The counts per kernel and level are printed.

Block names are those of the IR (`%N` for the unnamed blocks of clang's
output, as threadconv names them); the key of a listed case is (level,
function, block), and the comment beside it gives the source line.
"""
import json, os, re, subprocess, sys

import kernels
LEVELS = ['O1', 'O2']

# LLVM 19's NVPTX target (NVPTXTargetTransformInfo::isSourceOfDivergence)
# takes every call that is not a known-uniform intrinsic to be divergent,
# including the reads of the block index and size (ctaid/ntid/nctaid are not
# in its list of uniform special registers) and every call of an OpenCL
# builtin such as get_local_size (clang emits them as calls of external
# functions, e.g. _Z14get_local_sizej). threadconv knows these are the same
# for all threads of a block (docs/llvm.md, "Uniform branches").
NTID = 'blockDim.x (llvm.nvvm.read.ptx.sreg.ntid.x), which LLVM 19 NVPTX takes to be divergent'
CTAID = 'blockIdx.x (llvm.nvvm.read.ptx.sreg.ctaid.x), which LLVM 19 NVPTX takes to be divergent'
LSIZE = 'get_local_size(0) (a call of _Z14get_local_sizej), divergent for LLVM as any call'
GROUP = 'get_group_id(0) (a call of _Z12get_group_idj), divergent for LLVM as any call'
BYVAL = ('a load from a kernel argument passed by value that the kernel does not write: '
         'each thread\'s copy of the same value; LLVM takes the load to be divergent')
SIZE1 = ('an index in a dimension that reqd_work_group_size makes 1: the same in the whole '
         'group; LLVM takes the call (and the index) to be divergent')
BOUND = ('get_local_id(0) against 64, the size reqd_work_group_size(64, 1, 1) declares: '
         'the same outcome in the whole group; LLVM takes the call (and the test) to be '
         'divergent')
NGROUPS = 'get_num_groups(0) (a call of _Z14get_num_groupsj), divergent for LLVM as any call'
NCTAID = 'gridDim.x (llvm.nvvm.read.ptx.sreg.nctaid.x), which LLVM 19 NVPTX takes to be divergent'
# LLVM 19 NVPTX also takes every load through a generic pointer to be
# divergent (it might read thread-private memory); clang's CUDA code reaches
# __shared__ variables and pointer arguments through generic pointers.
# threadconv knows the pointer is based on a global variable or a kernel
# argument, and the address is uniform (docs/llvm.md, "Uniform branches").
GENERIC = ('a load at a uniform address through a generic pointer (%s), which LLVM 19 '
           'NVPTX takes to be divergent')
SHARED = GENERIC % 'an addrspacecast of a __shared__ variable'
ARGPTR = GENERIC % 'a pointer kernel argument'
# The result of a barrier or of a work-group collective is one for the whole
# block, whatever each thread passes; LLVM takes it to be divergent.
BAR_OR = ('__syncthreads_or (llvm.nvvm.barrier0.or) returns one value to the whole '
          'block; LLVM 19 takes it to be divergent')
WG_ANY = ('work_group_any (a call of _Z14work_group_anyi) returns one value to the whole '
          'group; divergent for LLVM as any call')
# LLVM 19 NVPTX takes every call to be divergent, pure intrinsics included;
# threadconv passes uniformity through them (docs/llvm.md, "Uniform branches").
SMAX = ('llvm.smax.i32 of uniform operands (a pure intrinsic: memory(none), not convergent), '
        'divergent for LLVM 19 NVPTX as any call')

# u + k*tid compared with u' + k*tid (with nsw sums), or u + k*tid - (u' +
# k*tid): the thread terms cancel (src/analysis/affine.h, docs/check.md,
# "Affine bounds"); LLVM 19's uniformity analysis does not look at the
# values' affine shape.
AFFINE = ('a comparison or difference of two values that move with the same multiple of the '
          'thread index, which cancels; LLVM takes both sides to be divergent')

# kernel -> {(level, function, block): reason}: threadconv uniform, LLVM divergent.
WE_MORE_PRECISE = {
    'cl_affine.cl': {
        # line 12, for (idx = get_global_id(0); idx - t < n; ...): the
        # guard and the latch; get_global_id(0) - get_local_id(0) cancels
        ('O1', 'global_stride', '%3'): AFFINE,
        ('O1', 'global_stride', '%20'): AFFINE,
        ('O2', 'global_stride', '%3'): AFFINE,
        ('O2', 'global_stride', '%20'): AFFINE,
        # line 25, for (i = a + t; i != b + t; i++): the latch
        ('O1', 'equal_bound', '%21'): AFFINE,
        ('O2', 'equal_bound', '%21'): AFFINE,
    },
    'cuda_affine.cu': {
        # line 18, for (t = a + tid; t < b + tid; t += c): the latch
        ('O1', 'affine_bound', '%18'): AFFINE,
        ('O2', 'affine_bound', '%18'): AFFINE,
        # line 34, while (idx - tid < n): the guard, ctaid * ntid < n
        ('O1', 'block_stride', '%2'): CTAID,
        ('O2', 'block_stride', '%2'): CTAID,
        # ... and the latch, idx - tid with idx a phi
        ('O1', 'block_stride', '%26'): AFFINE,
        ('O2', 'block_stride', '%26'): AFFINE,
    },
    'cl_work_group_bound.cl': {
        # line 18, if (t >= 64); line 22, if (get_local_id(0) >= 64 || flag);
        # line 26, if ((int)get_local_id(0) < 64)
        ('O1', 'guarded', '%2'): BOUND,
        ('O1', 'guarded', '%6'): BOUND,
        ('O1', 'guarded', '%13'): BOUND,
        ('O2', 'guarded', '%2'): BOUND,
        ('O2', 'guarded', '%6'): BOUND,
        ('O2', 'guarded', '%13'): BOUND,
    },
    'cl_byval.cl': {
        # line 17, if (p.n > 4), p a struct passed by value (byval) that
        # the kernel does not write
        ('O1', 'by_value', '%2'): BYVAL,
        ('O2', 'by_value', '%2'): BYVAL,
    },
    'cl_work_group_size.cl': {
        # line 14, if (get_local_id(1) == 0), and line 18,
        # if (get_global_id(2) < 4), with reqd_work_group_size(64, 1, 1)
        ('O1', 'rows', '%1'): SIZE1,
        ('O1', 'rows', '%11'): SIZE1,
        ('O2', 'rows', '%1'): SIZE1,
        ('O2', 'rows', '%11'): SIZE1,
    },
    'cl_reduce.cl': {
        # line 8, for (s = get_local_size(0) / 2; s > 0; s >>= 1): the loop
        # guard (%3) and the latch (%27) compare s, computed from
        # get_local_size(0).
        ('O1', 'reduce', '%3'): LSIZE,
        ('O1', 'reduce', '%27'): LSIZE,
        ('O2', 'reduce', '%3'): LSIZE,
        ('O2', 'reduce', '%27'): LSIZE,
    },
    'cl_loops.cl': {
        # line 74, for (i = 0; i < n; i += get_local_size(0)): the latch
        ('O1', 'nested', '%77'): LSIZE,
        ('O2', 'nested', '%76'): LSIZE,
    },
    'cl_memory.cl': {
        # line 13, if (arr[get_group_id(0)] > 0)
        ('O1', 'loads', '%3'): GROUP,
        ('O2', 'loads', '%3'): GROUP,
        # line 44, if (ticket == get_num_groups(0) - 1)
        ('O1', 'atomics', '%13'): NGROUPS,
        ('O2', 'atomics', '%13'): NGROUPS,
        # line 55, if (get_group_id(0) >= n) return;
        ('O1', 'early_return', '%3'): GROUP,
        ('O2', 'early_return', '%3'): GROUP,
    },
    'cl_stages.cl': {
        # line 8, if (get_group_id(0) == 1)
        ('O1', 'stages', '%3'): GROUP,
        ('O2', 'stages', '%3'): GROUP,
    },
    'cuda_reduce.cu': {
        # line 18, for (s = blockDim.x / 2; s > 0; s >>= 1): guard and latch
        ('O1', 'reduce', '%2'): NTID,
        ('O1', 'reduce', '%27'): NTID,
        ('O2', 'reduce', '%2'): NTID,
        ('O2', 'reduce', '%27'): NTID,
    },
    'cuda_loops.cu': {
        # line 31, if (buf[0] > m) break;
        ('O1', 'uniform_break', '%8'): SHARED,
        ('O2', 'uniform_break', '%8'): SHARED,
    },
    'cuda_memory.cu': {
        # line 17, if (arr[blockIdx.x] > 0)
        ('O1', 'loads', '%3'): CTAID + '; and ' + ARGPTR,
        ('O2', 'loads', '%3'): CTAID + '; and ' + ARGPTR,
        # line 28, if (flag > 0), flag a __shared__ int
        ('O1', 'loads', '%35'): SHARED,
        ('O2', 'loads', '%35'): SHARED,
        # line 48, if (ticket == gridDim.x - 1), ticket a __shared__ int
        ('O1', 'atomics', '%14'): NCTAID + '; and ' + SHARED,
        ('O2', 'atomics', '%14'): NCTAID + '; and ' + SHARED,
        # line 60, if (blockIdx.x >= n) return;
        ('O1', 'early_return', '%2'): CTAID,
        ('O2', 'early_return', '%2'): CTAID,
    },
    'cuda_uniform.cu': {
        # line 11, if (blockIdx.x == 0)
        ('O1', 'stages', '%2'): CTAID,
        ('O2', 'stages', '%2'): CTAID,
    },
    'cuda_vote.cu': {
        # line 12, if (__nvvm_bar0_or(t == 0))
        ('O1', 'vote', '%2'): BAR_OR,
        ('O2', 'vote', '%2'): BAR_OR,
    },
    'cl_work_group_any.cl': {
        # line 9, if (work_group_any(t == 0))
        ('O1', 'any', '%2'): WG_ANY,
        ('O2', 'any', '%2'): WG_ANY,
    },
    'cl_opt_levels.cl': {
        # line 116, for (j = 0; j < c; j++) after the divergent loop: the
        # latch compares j + 1 with smax(m * 4, 1), hoisted by LICM
        ('O1', 'invariant_in_divergent_loop', '%19'): SMAX,
        ('O2', 'invariant_in_divergent_loop', '%19'): SMAX,
    },
    'cuda_opt_levels.cu': {
        # line 120, the same loop
        ('O1', 'invariant_in_divergent_loop', '%20'): SMAX,
        ('O2', 'invariant_in_divergent_loop', '%20'): SMAX,
    },
}

# kernel -> {(level, function, block): reason}: LLVM uniform, threadconv not.
# Empty: no test kernel has such a branch. (A divergent break used to make
# the loop header a join, and the loop counter divergent, until joins were
# taken to be the blocks reached from two different successors of the
# branch: docs/llvm.md, "Phis", rule 2.)
LLVM_MORE_PRECISE = {}

SRC_UNIFORM = re.compile(r'llvm\.nvvm\.read\.ptx\.sreg\.(ctaid|ntid|nctaid)\.|^_Z\d+get_|'
                         r'^llvm\.[su](min|max)\.|'
                         r'^load through a generic pointer$|^llvm\.nvvm\.barrier0\.|'
                         r'^_Z\d+work_group_(any|all|broadcast|reduce_)')
# A load through a generic pointer (address space 0), which LLVM 19 NVPTX
# takes to be divergent whatever the address (it might be thread-private).
GENERIC_LOAD = re.compile(r'^load\s+(?:volatile\s+)?[^,]+,\s*ptr\s+(?!addrspace\()')


def block_name(label):
    label = label.strip('"')
    return '%' + label if label.isdigit() else label


def parse_ll(path):
    """function -> {block: (successors, dbg line, condition operand text)},
    function -> {value: (block, instruction text)} for the defined values."""
    with open(path) as f:
        lines = f.read().split('\n')
    dilines = {}
    for line in lines:
        m = re.match(r'^!(\d+) = (?:distinct )?!DILocation\(line: (\d+)', line)
        if m:
            dilines[m.group(1)] = int(m.group(2))
    funcs, defs = {}, {}
    fn = None
    pending = None
    for line in lines:
        if fn is None:
            m = re.match(r'^define .*?@("[^"]+"|[\w.$]+)\((.*)\).*\{\s*$', line)
            if m:
                fn = m.group(1).strip('"')
                slots = [int(s) for s in re.findall(r'%(\d+)\b', m.group(2))]
                block = '%%%d' % (max(slots) + 1 if slots else 0)
                funcs[fn], defs[fn] = {}, {}
            continue
        if line.startswith('}'):
            fn = None
            continue
        m = re.match(r'^("[^"]+"|[\w.$-]+):', line)
        if m:
            block = block_name(m.group(1))
            continue
        text = line.strip()
        if pending is not None:
            pending += ' ' + text
            if ']' not in text:
                continue
            text, pending = pending, None
        elif text.startswith('switch ') and ']' not in text:
            pending = text
            continue
        m = re.match(r'^%("[^"]+"|[\w.$-]+) = ', text)
        if m:
            defs[fn]['%' + m.group(1).strip('"')] = (block, text)
        kind = text.split(' ', 1)[0]
        if kind in ('br', 'switch', 'indirectbr'):
            succ = {block_name(s) for s in re.findall(r'label %("[^"]+"|[\w.$-]+)', text)}
            dbg = re.search(r'!dbg !(\d+)', text)
            m = re.match(r'^(?:br i1|switch \S+|indirectbr \S+) (%[\w.$-]+),', text)
            funcs[fn][block] = (succ, dilines.get(dbg.group(1)) if dbg else None,
                                m.group(1) if m else None)
    return funcs, defs


def parse_uniformity(text):
    """function -> (set of blocks whose terminator is divergent, divergent values)"""
    out = {}
    fn = None
    block = None
    section = None
    for line in text.split('\n'):
        m = re.match(r"^UniformityInfo for function '(.*)':", line)
        if m:
            fn = m.group(1)
            out[fn] = (set(), set())
            continue
        if fn is None:
            continue
        m = re.match(r'^BLOCK (.*)$', line)
        if m:
            block, section = block_name(m.group(1).strip()), None
            continue
        if line in ('DEFINITIONS', 'TERMINATORS'):
            section = line
            continue
        if line == 'END BLOCK':
            block = None
            continue
        m = re.match(r'^\s*DIVERGENT:\s+(.*)$', line)
        if m and block is not None:
            if section == 'TERMINATORS':
                out[fn][0].add(block)
            d = re.match(r'^%("[^"]+"|[\w.$-]+) = ', m.group(1))
            if d:
                out[fn][1].add('%' + d.group(1).strip('"'))
    return out


def divergent_calls(cond, defs, llvm_divergent):
    """The callees of the calls LLVM takes to be divergent that the condition
    is computed from (through operands and phis), and "load through a generic
    pointer" when it is computed from such a load that LLVM takes to be
    divergent."""
    seen, work, calls = set(), [cond], set()
    while work:
        v = work.pop()
        if v in seen or v not in defs or v not in llvm_divergent:
            continue
        seen.add(v)
        text = defs[v][1].split('!dbg')[0]
        m = re.search(r'\bcall\b.*?@("[^"]+"|[\w.$]+)\(', text)
        if m:
            calls.add(m.group(1).strip('"'))
            continue
        rhs = text.split(' = ', 1)[1]
        if GENERIC_LOAD.match(rhs):
            calls.add('load through a generic pointer')
        work += re.findall(r'%[\w.$-]+', rhs)
    return calls


def compare(args, src):
    base = os.path.basename(src)
    stem = os.path.splitext(base)[0]
    problems = []
    found_more, found_less = set(), set()
    for level in LEVELS:
        out = os.path.join(args.work, '%s.%s.ll' % (stem, level))
        err = kernels.compile_kernel(args.clang, src, out, ['-' + level, '-S'])
        if err:
            problems.append(err)
            continue
        p = subprocess.run([args.opt, '-passes=print<uniformity>', '-disable-output', out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            problems.append('%s: opt failed (%d):\n%s' % (out, p.returncode, p.stderr))
            continue
        llvm = parse_uniformity(p.stderr + p.stdout)
        p = subprocess.run([args.bin, 'analyze', '--format', 'json', out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            problems.append('%s: threadconv failed (%d):\n%s' % (out, p.returncode, p.stderr))
            continue
        ours = {g['name']: {n['name']: n.get('uniform', False) for n in g['nodes']}
                for g in json.loads(p.stdout)['graphs']}
        funcs, defs = parse_ll(out)
        agree, agree_uniform, more, less = 0, 0, 0, 0
        for fn, blocks in funcs.items():
            if fn not in llvm:
                problems.append('%s: %s: no UniformityInfo from opt' % (out, fn))
                continue
            if fn not in ours:
                problems.append('%s: %s: no graph from threadconv' % (out, fn))
                continue
            for block, (succ, line, cond) in blocks.items():
                if len(succ) < 2:
                    continue
                key = (level, fn, block)
                where = '%s.%s: %s: %s (line %s)' % (stem, level, fn, block, line)
                node = block + '.after' if block + '.after' in ours[fn] else block
                if node not in ours[fn]:
                    problems.append('%s: no node %s in threadconv\'s graph' % (where, node))
                    continue
                llvm_uniform = block not in llvm[fn][0]
                our_uniform = ours[fn][node]
                if llvm_uniform == our_uniform:
                    agree += 1
                    agree_uniform += llvm_uniform
                elif llvm_uniform:
                    less += 1
                    found_less.add(key)
                    reason = LLVM_MORE_PRECISE.get(base, {}).get(key)
                    print('%s: LLVM uniform, threadconv divergent: %s' % (
                        where, reason or 'NOT LISTED'))
                    if reason is None:
                        problems.append('%s: LLVM says uniform, threadconv does not '
                                        '(not in LLVM_MORE_PRECISE)' % where)
                else:
                    more += 1
                    found_more.add(key)
                    calls = divergent_calls(cond, defs[fn], llvm[fn][1]) if cond else set()
                    known = bool(calls) and all(SRC_UNIFORM.search(c) for c in calls)
                    reason = WE_MORE_PRECISE.get(base, {}).get(key)
                    print('%s: threadconv uniform, LLVM divergent; from calls %s (%s): %s' % (
                        where, ', '.join(sorted(calls)) or 'none',
                        'known to be uniform' if known else 'UNEXPLAINED',
                        reason or 'NOT LISTED'))
                    if reason is None:
                        problems.append('%s: threadconv says uniform, LLVM does not '
                                        '(not in WE_MORE_PRECISE)' % where)
        print('%s.%s: %d conditional branch(es): %d agree (%d uniform, %d divergent), '
              '%d threadconv more precise, %d LLVM more precise' % (
                  stem, level, agree + more + less, agree, agree_uniform,
                  agree - agree_uniform, more, less))
    for name, table, found in (('WE_MORE_PRECISE', WE_MORE_PRECISE, found_more),
                               ('LLVM_MORE_PRECISE', LLVM_MORE_PRECISE, found_less)):
        for key in sorted(set(table.get(base, {})) - found):
            problems.append('%s: %s lists %s, which no longer occurs' % (base, name, key))
    return problems


if __name__ == '__main__':
    sys.exit(kernels.main(compare, ['--opt']))
