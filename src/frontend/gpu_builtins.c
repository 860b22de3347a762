/*
 * gpu_builtins.c - the table of GPU builtins the frontends recognise by
 * name (SPEC 3.2), and the barrier closure over a call graph.
 *
 * NVVM and AMDGPU intrinsics, and OpenCL builtins as clang leaves them when
 * no library is linked (Itanium-mangled: _Z12get_local_idj). The first
 * matching row wins, so a specific row goes before a prefix that covers it.
 * To teach the frontends a new builtin, add a row.
 */
#include "frontend/gpu_builtins.h"

#include <stdio.h>
#include <string.h>

typedef struct builtin {
	const char *name;
	int prefix; /* name is a prefix: "llvm.nvvm.read.ptx.sreg.tid." */
	tc_gpu_kind kind;
} builtin;

static const builtin table[] = {
	/* barriers of the whole block (not bar.warp.sync: one warp only) */
	{"llvm.nvvm.barrier0", 1, TC_GPU_BARRIER}, /* also .and, .or, .popc */
	{"llvm.nvvm.barrier.sync", 1, TC_GPU_BARRIER},
	{"llvm.nvvm.barrier.cta.", 1, TC_GPU_BARRIER},
	{"llvm.nvvm.barrier.n", 0, TC_GPU_BARRIER},
	{"llvm.nvvm.barrier", 0, TC_GPU_BARRIER},
	{"llvm.amdgcn.s.barrier", 0, TC_GPU_BARRIER},
	{"_Z7barrierj", 0, TC_GPU_BARRIER},
	{"_Z18work_group_barrierj", 1, TC_GPU_BARRIER}, /* also ...12memory_scope */
	{"__syncthreads", 0, TC_GPU_BARRIER},

	/* thread-invariant within a block */
	{"llvm.nvvm.read.ptx.sreg.ctaid.", 1, TC_GPU_UNIFORM_SOURCE},
	{"llvm.nvvm.read.ptx.sreg.ntid.", 1, TC_GPU_UNIFORM_SOURCE},
	{"llvm.nvvm.read.ptx.sreg.nctaid.", 1, TC_GPU_UNIFORM_SOURCE},
	{"llvm.nvvm.read.ptx.sreg.warpsize", 0, TC_GPU_UNIFORM_SOURCE},
	{"llvm.amdgcn.workgroup.id.", 1, TC_GPU_UNIFORM_SOURCE},
	{"llvm.amdgcn.dispatch.ptr", 0, TC_GPU_UNIFORM_SOURCE},
	{"llvm.amdgcn.implicitarg.ptr", 0, TC_GPU_UNIFORM_SOURCE},
	{"llvm.amdgcn.kernarg.segment.ptr", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z12get_group_idj", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z14get_local_sizej", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z23get_enqueued_local_sizej", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z15get_global_sizej", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z14get_num_groupsj", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z17get_global_offsetj", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z12get_work_dimv", 0, TC_GPU_UNIFORM_SOURCE},
	/* work-group collectives that return one value to the whole group,
	 * whatever each work-item passes (not the scans, whose results differ
	 * per work-item) */
	{"_Z14work_group_any", 1, TC_GPU_COLLECTIVE},
	{"_Z14work_group_all", 1, TC_GPU_COLLECTIVE},
	{"_Z20work_group_broadcast", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_add", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_min", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_max", 1, TC_GPU_COLLECTIVE},

	/* thread-varying */
	{"llvm.nvvm.read.ptx.sreg.tid.", 1, TC_GPU_DIVERGENT_SOURCE},
	{"llvm.nvvm.read.ptx.sreg.laneid", 0, TC_GPU_DIVERGENT_SOURCE},
	{"llvm.amdgcn.workitem.id.", 1, TC_GPU_DIVERGENT_SOURCE},
	{"llvm.amdgcn.mbcnt.", 1, TC_GPU_DIVERGENT_SOURCE},
	{"_Z12get_local_idj", 0, TC_GPU_DIVERGENT_SOURCE},
	{"_Z13get_global_idj", 0, TC_GPU_DIVERGENT_SOURCE},
	{"_Z19get_local_linear_idv", 0, TC_GPU_DIVERGENT_SOURCE},
	{"_Z20get_global_linear_idv", 0, TC_GPU_DIVERGENT_SOURCE},
	{"_Z22get_sub_group_local_idv", 0, TC_GPU_DIVERGENT_SOURCE},
	/* any other special register (warpid, lanemask_*, clock, ...) */
	{"llvm.nvvm.read.ptx.sreg.", 1, TC_GPU_DIVERGENT_SOURCE},
};

tc_gpu_kind tc__gpu_builtin_kind(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		size_t n = strlen(table[i].name);
		if (len < n || memcmp(name, table[i].name, n) != 0)
			continue;
		if (len == n || table[i].prefix)
			return table[i].kind;
	}
	return TC_GPU_OTHER;
}

size_t tc__gpu_describe(char *buf, size_t cap, const char *name, size_t len,
			const uint64_t *args, const uint8_t *known, unsigned nargs)
{
	static const char tid[] = "llvm.nvvm.read.ptx.sreg.tid.";
	int n;
	if (cap < 32)
		return 0;
	if (len > sizeof tid - 1 && len < 100 && memcmp(name, tid, sizeof tid - 1) == 0) {
		n = snprintf(buf, cap, "threadIdx.%.*s", (int)(len - (sizeof tid - 1)),
			     name + sizeof tid - 1);
		return (size_t)n < cap ? (size_t)n : cap - 1;
	}
	/* Itanium-mangled C name: _Z<length><name><parameter types> */
	if (len > 2 && name[0] == '_' && name[1] == 'Z') {
		size_t k = 2, nl = 0;
		while (k < len && name[k] >= '0' && name[k] <= '9' && nl < 1000)
			nl = nl * 10 + (size_t)(name[k++] - '0');
		if (k > 2 && nl > 0 && k + nl <= len) {
			name += k;
			len = nl;
		}
	}
	n = snprintf(buf, cap, "%.*s(", (int)(len < 100 ? len : 100), name);
	for (unsigned a = 0; a < nargs && (size_t)n + 24 < cap; a++) {
		if (known[a])
			n += snprintf(buf + n, cap - (size_t)n, "%s%llu", a ? ", " : "",
				      (unsigned long long)args[a]);
		else
			n += snprintf(buf + n, cap - (size_t)n, "%s...", a ? ", " : "");
	}
	if ((size_t)n + 1 < cap)
		n += snprintf(buf + n, cap - (size_t)n, ")");
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

int tc__gpu_barrier_closure(const tc_alloc *al, uint32_t nfn, const uint32_t *caller,
			    const uint32_t *callee, size_t ncalls, uint8_t *has_barrier)
{
	/* callers of each function (CSR), then a work list from the seeds */
	uint32_t *start = tc__calloc(al, (size_t)nfn + 1, sizeof *start);
	uint32_t *by_callee = tc__malloc(al, tc__mul(ncalls ? ncalls : 1, sizeof *by_callee));
	uint32_t *stack = tc__malloc(al, tc__mul(nfn ? nfn : 1, sizeof *stack));
	int rc = TC_ENOMEM;
	if (!start || !by_callee || !stack || ncalls > UINT32_MAX)
		goto done;
	for (size_t i = 0; i < ncalls; i++)
		start[callee[i] + 1]++;
	for (uint32_t f = 0; f < nfn; f++)
		start[f + 1] += start[f];
	for (size_t i = 0; i < ncalls; i++)
		by_callee[start[callee[i]]++] = caller[i];
	for (uint32_t f = nfn; f > 0; f--) /* undo the shift of the fill */
		start[f] = start[f - 1];
	start[0] = 0;
	size_t top = 0;
	for (uint32_t f = 0; f < nfn; f++)
		if (has_barrier[f])
			stack[top++] = f;
	while (top > 0) {
		uint32_t f = stack[--top];
		for (uint32_t k = start[f]; k < start[f + 1]; k++) {
			uint32_t g = by_callee[k];
			if (!has_barrier[g]) {
				has_barrier[g] = 1;
				stack[top++] = g;
			}
		}
	}
	rc = TC_OK;
done:
	tc__free(al, start);
	tc__free(al, by_callee);
	tc__free(al, stack);
	return rc;
}
