"""What the kernel test scripts share: how a test kernel is compiled, and the
driver that runs a check over every kernel named on the command line."""
import argparse, os, subprocess, sys


def opencl_flags(triple, libclc=None):
    """clang-19 flags for OpenCL C device code for triple, with the builtins
    left as calls of external functions, or, given libclc (a libclc bitcode
    file for that target), linked from it with -mlink-builtin-bitcode, which
    makes them defined functions of the module (always-inline in libclc)."""
    flags = ['-x', 'cl', '-Xclang', '-finclude-default-header', '-cl-std=CL2.0',
             '-target', triple, '-nogpulib']
    if libclc:
        flags += ['-Xclang', '-mlink-builtin-bitcode', '-Xclang', libclc]
    return flags


# threadconv's HIP prelude (what device code needs of HIP's headers)
HIP_PRELUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools',
                           'prelude', 'hip.h')

# clang-19 flags per source language: NVPTX device code (HIP: AMDGPU, with
# threadconv's prelude in place of HIP's headers), no CUDA, HIP or OpenCL
# library needed.
FLAGS = {
    '.cu': ['-x', 'cuda', '--cuda-device-only', '-nocudainc', '-nocudalib',
            '--cuda-gpu-arch=sm_70', '-Wno-unknown-cuda-version'],
    '.cl': opencl_flags('nvptx64-nvidia-cuda'),
    '.hip': ['-x', 'hip', '--offload-device-only', '--offload-arch=gfx90a', '-nogpuinc',
             '-nogpulib', '-include', HIP_PRELUDE],
}


def compile_kernel(clang, src, out, opts, flags=None, emit_llvm=True):
    """Compiles src to LLVM IR at out with -g and opts, and flags (by default
    FLAGS for src's language); an error text or None. With emit_llvm false,
    -emit-llvm is not passed: with -S among opts clang writes the target's
    assembly (PTX for the NVPTX flags) instead of IR."""
    if flags is None:
        flags = FLAGS[os.path.splitext(src)[1]]
    cc = [clang] + flags + opts + (['-emit-llvm'] if emit_llvm else []) + ['-g', src, '-o', out]
    p = subprocess.run(cc, capture_output=True, text=True)
    if p.returncode != 0:
        return '%s: clang failed:\n%s' % (' '.join(cc), p.stderr)
    return None


def main(check, extra_args=(), optional_args=(), tools=('--bin', '--clang')):
    """Parses tools, --work, extra_args (required) and optional_args (each a
    (name, keyword arguments of add_argument) pair) and the kernels; runs
    check(args, kernel) on each (it returns a list of problems)."""
    ap = argparse.ArgumentParser()
    for name in tuple(tools) + ('--work',) + tuple(extra_args):
        ap.add_argument(name, required=True)
    for name, kw in optional_args:
        ap.add_argument(name, **kw)
    ap.add_argument('kernels', nargs='+')
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    return run_all(check, args, args.kernels, 'kernel(s)')


def run_all(check, args, inputs, what):
    """check(args, input) on each input; prints the problems and a summary
    line; the exit status."""
    problems = []
    for k in inputs:
        problems += check(args, k)
    for p in problems:
        print(p, file=sys.stderr)
    print('%d %s, %s' % (len(inputs), what, 'FAILED' if problems else 'ok'))
    return 1 if problems else 0


def check_json(bin, out, extra=()):
    """`threadconv check --format json` on one compiled file (or a source,
    with extra after it: '--' and the compiler's flags): (exit status, its
    graphs, None), or (status, None, a problem) when it failed or wrote no
    JSON report."""
    import json, subprocess
    name = os.path.basename(out)
    p = subprocess.run([bin, 'check', '--format', 'json', out] + list(extra),
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        return p.returncode, None, '%s: threadconv check failed (%d):\n%s' % (
            name, p.returncode, p.stderr)
    try:
        return p.returncode, json.loads(p.stdout)['graphs'], None
    except (ValueError, KeyError) as e:
        return p.returncode, None, '%s: threadconv check wrote no JSON report (%s)' % (name, e)
