#!/usr/bin/env python3
"""Kernels that each pass many temporaries of their depot to one helper
taking a const int & (nvcc -G's operator() of a functor, cuda::std::min,
tuple's get), as CUB's agents do (tests/deep/CMakeLists.txt).

usage: depot-many-temps.py --bin THREADCONV [--temps N]

What the helper's parameter holds joins what every call passes: N exact
offsets into each kernel's depot (docs/ptx.md, "Objects in local memory":
up to MAX_JOIN_OFFS of one object, 256). Each kernel also keeps the
address of its flag in its depot and reads the flag back through it, a
copy of the block's parity that guards a barrier.

- one kernel, N temporaries (100: more than the 64 this limit was): read
  at N exact offsets, the helper's 4-byte load reads no part of the kept
  address, the depot stays followed and the barrier does not warn;
- the twin also passes the kept address's own slot: the helper reads part
  of an address, the depot is open and the barrier warns;
- 12 kernels of 90 temporaries each: 1,080 addresses in the parameter,
  more than one value holds (MAX_ADDRS, 1,024). The object whose exact
  offsets come past that is kept at any offset instead: the helper's load
  then may read part of that kernel's kept address, which opens its depot
  alone, and only its barrier warns (giving the value up opened all 12
  depots: 12 warnings);
- 12 kernels of 100 temporaries whose DWARF makes each temporary a
  variable of the depot (as nvcc -G's do), and whose flag is a word of
  the depot stored and read back: past 1,024 addresses each object's
  offsets become its variables, still more than 1,024 in all, and then
  the object at any offset. The depots hold no address, the helper's
  reads open nothing, and no barrier warns (giving the value up opened
  every depot: 12 warnings).
The check ends in seconds.
"""
import sys

from checkfile import call, expect, finish, options

HELPER = ('.func (.param .b32 get_r) get(.param .b64 get_p)\n{\n\t.reg .b32 %r<2>;\n'
          '\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [get_p];\n\tld.u32 %r1, [%rd1];\n'
          '\tst.param.b32 [get_r], %r1;\n\tret;\n}\n\n')


def opening(name, depot, n):
    """A kernel's start (a depot of DEPOT bytes, the block's parity in
    %r2) and its n temporaries, each given to get."""
    out = ['.visible .entry %s(.param .u64 %s_out)\n{\n' % (name, name),
           '\t.local .align 8 .b8 __local_depot_%s[%d];\n' % (name, depot),
           '\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n\t.reg .pred %p<2>;\n',
           '\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n' % (2 * n + 8, n + 8),
           '\tmov.u64 %%SPL, __local_depot_%s;\n\tcvta.local.u64 %%SP, %%SPL;\n' % name,
           '\tld.param.u64 %%rd1, [%s_out];\n\tmov.u32 %%r1, %%ctaid.x;\n' % name,
           '\tand.b32 %r2, %r1, 1;\n']
    for i in range(n):
        v, res, a = 8 + i, 8 + n + i, 8 + i
        out.append('\tadd.s32 %%r%d, %%r1, %d;\n\tst.u32 [%%SP+%d], %%r%d;\n'
                   '\tadd.u64 %%rd%d, %%SP, %d;\n' % (v, i, 4 * i, v, a, 4 * i))
        out.append(call('get', a, res))
        out.append('\tst.global.u32 [%%rd1+%d], %%r%d;\n' % (4 * i, res))
    return out


def kernel(name, n, part):
    """A kernel passing n temporaries (and its kept address's slot: part)."""
    kept = 4 * n + 8 - (4 * n) % 8  # the slot of the kept address (8-aligned)
    out = opening(name, kept + 16, n)
    out.append('\tadd.u64 %%rd2, %%SP, %d;\n\tst.u64 [%%SP+%d], %%rd2;\n' % (kept + 8, kept))
    if part:
        out.append('\tadd.u64 %%rd5, %%SP, %d;\n' % kept + call('get', 5, 4) +
                   '\tst.global.u32 [%rd1], %r4;\n')
    out.append('\tld.u64 %%rd3, [%%SP+%d];\n\tst.u32 [%%rd3], %%r2;\n'
               '\tld.u64 %%rd4, [%%SP+%d];\n\tld.u32 %%r3, [%%rd4];\n'
               '\tsetp.eq.s32 %%p1, %%r3, 0;\n\t@%%p1 bra $L_%s_done;\n\tbar.sync 0;\n'
               '$L_%s_done:\n\tret;\n}\n\n' % (kept, kept, name, name))
    return ''.join(out)


def module(kernels, n, part):
    head = '.version 8.0\n.target sm_80\n.address_size 64\n\n'
    return head + HELPER + ''.join(kernel('k%d' % i, n, part) for i in range(kernels))


def uleb(v):
    out = []
    while True:
        b, v = v & 0x7f, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return out


def plain(name, n):
    """A kernel passing n temporaries, its flag stored and read back at a
    slot of its depot (no address kept there)."""
    out = opening(name, 4 * n + 8, n)
    out.append('\tst.u32 [%%SP+%d], %%r2;\n\tld.u32 %%r3, [%%SP+%d];\n'
               '\tsetp.eq.s32 %%p1, %%r3, 0;\n\t@%%p1 bra $L_%s_done;\n\tbar.sync 0;\n'
               '$L_%s_done:\n\tret;\n}\n\n' % (4 * n, 4 * n, name, name))
    return ''.join(out)


def module_vars(kernels, n):
    """kernels plain kernels of n temporaries, whose DWARF places a
    variable at each temporary (DW_OP_addr __local_depot, plus_uconst)."""
    names = ['v%d' % i for i in range(kernels)]
    text = ['.version 8.0\n.target sm_80\n.address_size 64\n\n', HELPER]
    text += [plain(m, n) for m in names]
    # .debug_abbrev: 1 the unit (children), 2 a variable with a location
    text.append('\t.section\t.debug_abbrev\n\t{\n' +
                ''.join('.b8 %d\n' % b for b in (1, 17, 1, 0, 0, 2, 52, 0, 2, 10, 0, 0, 0)) +
                '\t}\n')
    items, size = [], 7 + 1 + 1  # version, abbrev offset, address size; unit; end
    for m in names:
        for i in range(n):
            plus = [35] + uleb(4 * i) if i else []
            items.append(('b8', [2, 9 + len(plus), 3]))
            items.append(('b64', '__local_depot_%s' % m))
            if plus:
                items.append(('b8', plus))
            size += 3 + 8 + len(plus)
    body = ['.b32 %d\n.b8 2\n.b8 0\n.b32 .debug_abbrev\n.b8 8\n.b8 1\n' % size]
    for kind, v in items:
        body.append('.b64 %s\n' % v if kind == 'b64' else ''.join('.b8 %d\n' % b for b in v))
    body.append('.b8 0\n')
    text.append('\t.section\t.debug_info\n\t{\n' + ''.join(body) + '\t}\n')
    return ''.join(text)


def main():
    binary, n = options('temps', 100)
    cases = (('%d temporaries' % n, module(1, n, False), 0, 0),
             ('%d temporaries and the kept address' % n, module(1, n, True), 1, 1),
             ('12 kernels of 90 temporaries', module(12, 90, False), 1, 1),
             ('12 kernels of 100 temporaries, each a variable', module_vars(12, 100), 0, 0))
    problems = [q for q in (expect(binary, what, 'depot-many-temps.ptx', text, status, warnings)
                            for what, text, status, warnings in cases) if q]
    return finish(problems)


if __name__ == '__main__':
    sys.exit(main())
