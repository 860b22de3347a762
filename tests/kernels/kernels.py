"""What the kernel test scripts share: how a test kernel is compiled, and the
driver that runs a check over every kernel named on the command line."""
import argparse, os, subprocess, sys

# clang-19 flags per source language: NVPTX device code, no CUDA or OpenCL
# library needed.
FLAGS = {
    '.cu': ['-x', 'cuda', '--cuda-device-only', '-nocudainc', '-nocudalib',
            '--cuda-gpu-arch=sm_70', '-Wno-unknown-cuda-version'],
    '.cl': ['-x', 'cl', '-Xclang', '-finclude-default-header', '-cl-std=CL2.0',
            '-target', 'nvptx64-nvidia-cuda', '-nogpulib'],
}


def compile_kernel(clang, src, out, opts):
    """Compiles src to LLVM IR at out with -g and opts; an error text or None."""
    ext = os.path.splitext(src)[1]
    cc = [clang] + FLAGS[ext] + opts + ['-emit-llvm', '-g', src, '-o', out]
    p = subprocess.run(cc, capture_output=True, text=True)
    if p.returncode != 0:
        return '%s: clang failed:\n%s' % (' '.join(cc), p.stderr)
    return None


def main(check, extra_args=()):
    """Parses --bin, --clang, --work, extra_args and the kernels; runs
    check(args, kernel) on each (it returns a list of problems)."""
    ap = argparse.ArgumentParser()
    for name in ('--bin', '--clang', '--work') + tuple(extra_args):
        ap.add_argument(name, required=True)
    ap.add_argument('kernels', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    problems = []
    for k in args.kernels:
        problems += check(args, k)
    for p in problems:
        print(p, file=sys.stderr)
    print('%d kernel(s), %s' % (len(args.kernels), 'FAILED' if problems else 'ok'))
    return 1 if problems else 0
