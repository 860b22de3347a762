#!/usr/bin/env python3
"""A SPIR-V binary kernel of about BLOCKS blocks (default 10^6) on standard
output, for `threadconv check` on the default stack
(tests/deep/CMakeLists.txt).

usage: deep-spirv.py [BLOCKS]

The kernel (Kernel capability, unstructured control flow) is a nest of
5,000 loops on a kernel argument (a uniform condition), counting in a
Function variable, then a chain of if-thens on the local invocation id,
each adding to another Function variable and joining again before the
next, then a workgroup barrier: every invocation reaches it, so `check`
must report nothing (exit 0). The variables are made SSA values, with a
phi at every join and loop header: any recursion over the blocks, the
loops, the dominator tree (the reader's checks build one too) or the SSA
renaming would overflow a C stack long before. (Not validated by
SPIRV-Tools (TC_READ_SPIRV_VALIDATE), whose time grows faster than the
blocks of a function, docs/spirv.md.)
"""
import array, sys

OP = dict(Capability=17, MemoryModel=14, EntryPoint=15, Decorate=71, TypeVoid=19, TypeBool=20,
          TypeInt=21, TypeVector=23, TypePointer=32, TypeFunction=33, Constant=43, Variable=59,
          Function=54, FunctionParameter=55, FunctionEnd=56, Label=248, Load=61, Store=62,
          CompositeExtract=81, UConvert=113, IAdd=128, ULessThan=176, SLessThan=177, Branch=249,
          BranchConditional=250, Return=253, ControlBarrier=224)


def main():
    blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 10**6
    depth = 5000
    n = max(0, (blocks - 2 * depth - 2) // 2)
    words = array.array('I')
    ids = [0]

    def new():
        ids[0] += 1
        return ids[0]

    def inst(op, *operands):
        words.append((len(operands) + 1) << 16 | OP[op])
        words.extend(operands)

    def string(s):
        b = s.encode() + b'\0'
        b += b'\0' * (-len(b) % 4)
        return [int.from_bytes(b[k:k + 4], 'little') for k in range(0, len(b), 4)]

    void, boolean, u32, u64, v3, pin, pfn, fty = (new() for _ in range(8))
    c0, c1, c2, c272 = (new() for _ in range(4))
    tidvar, fn, arg = new(), new(), new()
    inst('Capability', 4)   # Addresses
    inst('Capability', 6)   # Kernel
    inst('Capability', 11)  # Int64
    inst('MemoryModel', 2, 2)  # Physical64 OpenCL
    inst('EntryPoint', 6, fn, *string('deep'), tidvar)
    inst('Decorate', tidvar, 11, 27)  # BuiltIn LocalInvocationId
    inst('TypeVoid', void)
    inst('TypeBool', boolean)
    inst('TypeInt', u32, 32, 0)
    inst('TypeInt', u64, 64, 0)
    inst('TypeVector', v3, u64, 3)
    inst('TypePointer', pin, 1, v3)   # Input
    inst('TypePointer', pfn, 7, u32)  # Function
    inst('TypeFunction', fty, void, u32)
    inst('Constant', u32, c0, 0)
    inst('Constant', u32, c1, 1)
    inst('Constant', u32, c2, 2)
    inst('Constant', u32, c272, 272)
    inst('Variable', pin, tidvar, 1)
    inst('Function', void, fn, 0, fty)
    inst('FunctionParameter', u32, arg)
    heads = [new() for _ in range(depth)]
    tails = [new() for _ in range(depth)]
    chain = [new() for _ in range(n + 1)]  # chain[n]: the barrier's block
    arms = [new() for _ in range(n)]
    entry = new()
    inst('Label', entry)
    cnt, acc, load, x, t, p = (new() for _ in range(6))
    inst('Variable', pfn, cnt, 7)
    inst('Variable', pfn, acc, 7)
    inst('Load', v3, load, tidvar)
    inst('CompositeExtract', u64, x, load, 0)
    inst('UConvert', u32, t, x)
    inst('ULessThan', boolean, p, t, arg)
    inst('Store', cnt, c0)
    inst('Store', acc, c0)
    inst('Branch', heads[0] if depth else chain[0])
    for k in range(depth):
        inst('Label', heads[k])
        a, b = new(), new()
        inst('Load', u32, a, cnt)
        inst('IAdd', u32, b, a, c1)
        inst('Store', cnt, b)
        inst('Branch', heads[k + 1] if k + 1 < depth else tails[depth - 1])
    for k in reversed(range(depth)):
        inst('Label', tails[k])
        a, q = new(), new()
        inst('Load', u32, a, cnt)
        inst('SLessThan', boolean, q, a, arg)
        inst('BranchConditional', q, heads[k], tails[k - 1] if k else chain[0])
    for j in range(n):
        inst('Label', chain[j])
        inst('BranchConditional', p, arms[j], chain[j + 1])
        inst('Label', arms[j])
        a, s = new(), new()
        inst('Load', u32, a, acc)
        inst('IAdd', u32, s, a, t)
        inst('Store', acc, s)
        inst('Branch', chain[j + 1])
    inst('Label', chain[n])
    inst('ControlBarrier', c2, c2, c272)
    inst('Return')
    inst('FunctionEnd')
    header = array.array('I', [0x07230203, 0x00010200, 0, ids[0] + 1, 0])
    sys.stdout.buffer.write(header.tobytes() + words.tobytes())


if __name__ == '__main__':
    main()
