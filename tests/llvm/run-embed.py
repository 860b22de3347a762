#!/usr/bin/env python3
"""Compiles the test kernels and gives them to test_embed, which reads each
both as bytes (tc_parse_llvm) and as a module it parsed itself
(tc_parse_llvm_module) and compares everything (tests/llvm/test_embed.c).

usage: run-embed.py --test-embed TEST_EMBED --clang CLANG --work DIR SOURCE...

Each .cu is built for NVPTX (sm_70, or the "// arch:" a source names), each
.cl for NVPTX and for AMDGPU (gfx90a), at -O0 (the stack slots that make the
reader normalise a clone) and -O2, as text; -O2 also as bitcode.
"""
import argparse, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'kernels'))
import kernels

CL_EXTRA = ['-Xclang', '-cl-ext=+cl_khr_subgroups']
ARCH = re.compile(r'//\s*arch:\s*(sm_\d+)\b')
LEVELS = [('O0.ll', ['-O0', '-S']), ('O2.ll', ['-O2', '-S']), ('O2.bc', ['-O2', '-c'])]


def builds(src):
    """(output suffix, clang flags, options) for src."""
    ext = os.path.splitext(src)[1]
    if ext == '.cu':
        flags = list(kernels.FLAGS['.cu'])
        with open(src) as f:
            m = ARCH.search(f.read())
        if m:
            flags = ['--cuda-gpu-arch=' + m.group(1) if f.startswith('--cuda-gpu-arch=') else f
                     for f in flags]
        targets = [('nvptx', flags)]
    else:
        targets = [('nvptx', kernels.opencl_flags('nvptx64-nvidia-cuda') + CL_EXTRA),
                   ('amdgcn', kernels.opencl_flags('amdgcn-amd-amdhsa') + CL_EXTRA +
                    ['-mcpu=gfx90a'])]
    return [('%s.%s' % (t, suffix), flags, opts) for t, flags in targets
            for suffix, opts in LEVELS]


def main():
    ap = argparse.ArgumentParser()
    for name in ('--test-embed', '--clang', '--work'):
        ap.add_argument(name, required=True)
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    jobs = []
    for src in args.sources:
        stem = os.path.splitext(os.path.basename(src))[0]
        for suffix, flags, opts in builds(src):
            jobs.append((src, os.path.join(args.work, '%s.%s' % (stem, suffix)), flags, opts))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        errors = [e for e in pool.map(
            lambda j: kernels.compile_kernel(args.clang, j[0], j[1], j[3], j[2]), jobs) if e]
    if errors:
        print('\n'.join(errors))
        return 1
    p = subprocess.run([args.test_embed] + [j[1] for j in jobs])
    return p.returncode


if __name__ == '__main__':
    sys.exit(main())
