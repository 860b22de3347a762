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
	{"_Z18get_num_sub_groupsv", 0, TC_GPU_UNIFORM_SOURCE},
	{"_Z22get_max_sub_group_sizev", 0, TC_GPU_UNIFORM_SOURCE},
	/* work-group collectives that return one value to the whole group,
	 * whatever each work-item passes (not the scans, whose results differ
	 * per work-item) */
	{"_Z14work_group_any", 1, TC_GPU_COLLECTIVE},
	{"_Z14work_group_all", 1, TC_GPU_COLLECTIVE},
	{"_Z20work_group_broadcast", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_add", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_min", 1, TC_GPU_COLLECTIVE},
	{"_Z21work_group_reduce_max", 1, TC_GPU_COLLECTIVE},
	/* the event of a copy: the same in the whole group */
	{"_Z21async_work_group_copy", 1, TC_GPU_COLLECTIVE},
	{"_Z29async_work_group_strided_copy", 1, TC_GPU_COLLECTIVE},

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
	/* the same in a sub-group, not in the block (lanes.h: TC_LOP_WARP) */
	{"_Z16get_sub_group_idv", 0, TC_GPU_DIVERGENT_SOURCE},
	{"_Z18get_sub_group_sizev", 0, TC_GPU_DIVERGENT_SOURCE},
	/* any other special register (warpid, lanemask_*, clock, ...) */
	{"llvm.nvvm.read.ptx.sreg.", 1, TC_GPU_DIVERGENT_SOURCE},
};

#define WARP TC_GROUP_WARP
#define SUB TC_GROUP_SUBGROUP
#define BLOCK TC_GROUP_BLOCK
#define UNI TC_LOP_WARP
#define MATCH TC_LOP_MATCH
#define SHFL_ARGS "the mask,the value,the source lane,the width"
#define VOTE_ARGS "the mask,the predicate"
#define REDUX_ARGS "the value,the mask"

static const tc_gpu_collective collectives[] = {
	/* CUDA: warp-synchronous intrinsics (clang's __nvvm_* builtins) */
	{"llvm.nvvm.shfl.sync.idx.", 1, "__shfl_sync", WARP, 0, 0, 1, TC_LOP_BROADCAST, 2, 3,
	 0x1f, SHFL_ARGS},
	{"llvm.nvvm.shfl.sync.up.", 1, "__shfl_up_sync", WARP, 0, 0, 1, 0, -1, -1, 0, SHFL_ARGS},
	{"llvm.nvvm.shfl.sync.down.", 1, "__shfl_down_sync", WARP, 0, 0, 1, 0, -1, -1, 0,
	 SHFL_ARGS},
	{"llvm.nvvm.shfl.sync.bfly.", 1, "__shfl_xor_sync", WARP, 0, 0, 1, 0, -1, -1, 0,
	 SHFL_ARGS},
	{"llvm.nvvm.vote.all.sync", 0, "__all_sync", WARP, 0, 0, 1, UNI, -1, -1, 0, VOTE_ARGS},
	{"llvm.nvvm.vote.any.sync", 0, "__any_sync", WARP, 0, 0, 1, UNI, -1, -1, 0, VOTE_ARGS},
	{"llvm.nvvm.vote.uni.sync", 0, "__uni_sync", WARP, 0, 0, 1, UNI, -1, -1, 0, VOTE_ARGS},
	{"llvm.nvvm.vote.ballot.sync", 0, "__ballot_sync", WARP, 0, 0, 1, UNI, -1, -1, 0,
	 VOTE_ARGS},
	{"llvm.nvvm.bar.warp.sync", 0, "__syncwarp", WARP, 0, 0, 1, 0, -1, -1, 0, "the mask"},
	{"llvm.nvvm.match.any.sync.", 1, "__match_any_sync", WARP, 0, 0, 1, MATCH, -1, -1, 0,
	 "the mask,the value"},
	{"llvm.nvvm.match.all.sync.", 1, "__match_all_sync", WARP, 0, 0, 1, UNI, -1, -1, 0,
	 "the mask,the value"},
	{"llvm.nvvm.redux.sync.add", 0, "__reduce_add_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.min", 0, "__reduce_min_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.max", 0, "__reduce_max_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.umin", 0, "__reduce_min_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.umax", 0, "__reduce_max_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.and", 0, "__reduce_and_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.or", 0, "__reduce_or_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},
	{"llvm.nvvm.redux.sync.xor", 0, "__reduce_xor_sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 REDUX_ARGS},

	/* OpenCL C: work-group functions and copies (the barriers: their flags) */
	{"_Z7barrierj", 0, "barrier", BLOCK, 1, -1, 1, 0, -1, -1, 0, "the flags"},
	{"_Z18work_group_barrier", 1, "work_group_barrier", BLOCK, 1, -1, 3, 0, -1, -1, 0,
	 "the flags,the scope"},
	{"_Z14work_group_all", 1, NULL, BLOCK, 0, -1, 0, 0, -1, -1, 0, "the predicate"},
	{"_Z14work_group_any", 1, NULL, BLOCK, 0, -1, 0, 0, -1, -1, 0, "the predicate"},
	{"_Z20work_group_broadcast", 1, NULL, BLOCK, 0, -1, 0xe, 0, -1, -1, 0,
	 "the value,the local id (x),the local id (y),the local id (z)"},
	{"_Z21work_group_reduce_", 1, NULL, BLOCK, 0, -1, 0, 0, -1, -1, 0, "the value"},
	{"_Z29work_group_scan_inclusive_", 1, NULL, BLOCK, 0, -1, 0, 0, -1, -1, 0, "the value"},
	{"_Z29work_group_scan_exclusive_", 1, NULL, BLOCK, 0, -1, 0, 0, -1, -1, 0, "the value"},
	{"_Z21async_work_group_copy", 1, NULL, BLOCK, 0, -1, 0xf, 0, -1, -1, 0,
	 "the destination,the source,the number of elements,the event"},
	{"_Z29async_work_group_strided_copy", 1, NULL, BLOCK, 0, -1, 0x1f, 0, -1, -1, 0,
	 "the destination,the source,the number of elements,the stride,the event"},
	{"_Z17wait_group_events", 1, NULL, BLOCK, 0, -1, 3, 0, -1, -1, 0,
	 "the number of events,the event list"},
	/* cl_khr_subgroups */
	{"_Z17sub_group_barrier", 1, NULL, SUB, 0, -1, 3, 0, -1, -1, 0, "the flags,the scope"},
	{"_Z13sub_group_all", 1, NULL, SUB, 0, -1, 0, UNI, -1, -1, 0, "the predicate"},
	{"_Z13sub_group_any", 1, NULL, SUB, 0, -1, 0, UNI, -1, -1, 0, "the predicate"},
	{"_Z19sub_group_broadcast", 1, NULL, SUB, 0, -1, 2, UNI, -1, -1, 0,
	 "the value,the sub-group local id"},
	{"_Z20sub_group_reduce_", 1, NULL, SUB, 0, -1, 0, UNI, -1, -1, 0, "the value"},
	{"_Z28sub_group_scan_inclusive_", 1, NULL, SUB, 0, -1, 0, 0, -1, -1, 0, "the value"},
	{"_Z28sub_group_scan_exclusive_", 1, NULL, SUB, 0, -1, 0, 0, -1, -1, 0, "the value"},

	/* PTX instructions, their operands in PTX's order (the destination not
	 * counted): shfl.sync d, a, b, c, membermask; vote.sync d, a, membermask;
	 * bar.warp.sync membermask; match.sync d, a, membermask; redux.sync d,
	 * a, membermask */
	{"shfl.sync.idx", 0, "shfl.sync.idx", WARP, 0, 3, 8, TC_LOP_BROADCAST, 1, 2, 0x1f,
	 "the value,the source lane,the clamp,the mask"},
	{"shfl.sync.up", 0, "shfl.sync.up", WARP, 0, 3, 8, 0, -1, -1, 0,
	 "the value,the source lane,the clamp,the mask"},
	{"shfl.sync.down", 0, "shfl.sync.down", WARP, 0, 3, 8, 0, -1, -1, 0,
	 "the value,the source lane,the clamp,the mask"},
	{"shfl.sync.bfly", 0, "shfl.sync.bfly", WARP, 0, 3, 8, 0, -1, -1, 0,
	 "the value,the source lane,the clamp,the mask"},
	{"vote.sync.all", 0, "vote.sync.all", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 "the predicate,the mask"},
	{"vote.sync.any", 0, "vote.sync.any", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 "the predicate,the mask"},
	{"vote.sync.uni", 0, "vote.sync.uni", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 "the predicate,the mask"},
	{"vote.sync.ballot", 0, "vote.sync.ballot", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 "the predicate,the mask"},
	{"bar.warp.sync", 0, "bar.warp.sync", WARP, 0, 0, 1, 0, -1, -1, 0, "the mask"},
	{"match.any.sync", 0, "match.any.sync", WARP, 0, 1, 2, MATCH, -1, -1, 0,
	 "the value,the mask"},
	{"match.all.sync", 0, "match.all.sync", WARP, 0, 1, 2, UNI, -1, -1, 0,
	 "the value,the mask"},
	{"redux.sync", 0, "redux.sync", WARP, 0, 1, 2, UNI, -1, -1, 0, "the value,the mask"},
};

const tc_gpu_collective *tc__gpu_collective(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof collectives / sizeof *collectives; i++) {
		size_t n = strlen(collectives[i].name);
		if (len < n || memcmp(name, collectives[i].name, n) != 0)
			continue;
		if (len == n || collectives[i].prefix)
			return &collectives[i];
	}
	return NULL;
}

uint8_t tc__gpu_lane_source(const char *name, size_t len, uint64_t arg0, int known)
{
	static const struct {
		const char *name;
		int by_arg; /* by the first argument: 1 tid.x, .y, .z; 2 the
			     * group's size in x, y, z; 3 its enqueued size
			     * (y and z not the group's own at an edge) */
		uint8_t op;
	} rows[] = {
		{"llvm.nvvm.read.ptx.sreg.tid.x", 0, TC_LOP_TID_X},
		{"llvm.nvvm.read.ptx.sreg.tid.y", 0, TC_LOP_TID_Y},
		{"llvm.nvvm.read.ptx.sreg.tid.z", 0, TC_LOP_TID_Z},
		{"llvm.nvvm.read.ptx.sreg.ntid.x", 0, TC_LOP_NTID_X},
		{"llvm.nvvm.read.ptx.sreg.ntid.y", 0, TC_LOP_NTID_Y},
		{"llvm.nvvm.read.ptx.sreg.ntid.z", 0, TC_LOP_NTID_Z},
		{"llvm.nvvm.read.ptx.sreg.laneid", 0, TC_LOP_LANE},
		{"llvm.amdgcn.workitem.id.x", 0, TC_LOP_TID_X},
		{"llvm.amdgcn.workitem.id.y", 0, TC_LOP_TID_Y},
		{"llvm.amdgcn.workitem.id.z", 0, TC_LOP_TID_Z},
		{"_Z12get_local_idj", 1, TC_LOP_TID_X},
		{"_Z14get_local_sizej", 2, TC_LOP_NTID_X},
		{"_Z23get_enqueued_local_sizej", 3, TC_LOP_NTID_X},
		{"_Z19get_local_linear_idv", 0, TC_LOP_TID_LINEAR},
		{"_Z16get_sub_group_idv", 0, TC_LOP_WARP},
		{"_Z18get_sub_group_sizev", 0, TC_LOP_WARP},
		{"llvm.nvvm.activemask", 0, TC_LOP_WARP},
		/* indices and sizes: not negative (a signed division by 32 of a
		 * global index is its warp's index) */
		{"llvm.nvvm.read.ptx.sreg.ctaid.", 0, TC_LOP_NONNEG},
		{"llvm.nvvm.read.ptx.sreg.nctaid.", 0, TC_LOP_NONNEG},
		{"llvm.nvvm.read.ptx.sreg.ntid.", 0, TC_LOP_NONNEG},
		{"llvm.amdgcn.workgroup.id.", 0, TC_LOP_NONNEG},
		{"_Z12get_group_idj", 0, TC_LOP_NONNEG},
		{"_Z14get_num_groupsj", 0, TC_LOP_NONNEG},
		{"_Z15get_global_sizej", 0, TC_LOP_NONNEG},
		{"llvm.amdgcn.readfirstlane", 0, TC_LOP_WARP},
		{"llvm.amdgcn.ballot.", 0, TC_LOP_WARP},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		size_t n = strlen(rows[i].name);
		if (len < n || memcmp(name, rows[i].name, n) != 0)
			continue;
		if (len != n && name[n - 1] != '.' && rows[i].op != TC_LOP_WARP)
			continue;
		if (rows[i].by_arg >= 2 && known && arg0 != 0) /* sizes of y, z (an
			* enqueued one is not the group's own at an edge) */
			return rows[i].by_arg == 2 && arg0 <= 2
				       ? (uint8_t)(arg0 == 1 ? TC_LOP_NTID_Y : TC_LOP_NTID_Z)
				       : TC_LOP_NONNEG;
		if (!rows[i].by_arg)
			return rows[i].op;
		if (!known || arg0 > 2)
			return TC_LOP_OTHER;
		if (rows[i].by_arg >= 2)
			return arg0 == 0 ? TC_LOP_NTID_X : TC_LOP_OTHER;
		return (uint8_t)(TC_LOP_TID_X + arg0);
	}
	return TC_LOP_OTHER;
}

int tc__gpu_lanemask(const char *suffix, size_t len)
{
	static const char names[][3] = {"eq", "le", "lt", "ge", "gt"};
	for (int i = 0; len == 2 && i < 5; i++)
		if (memcmp(suffix, names[i], 2) == 0)
			return TC_LANEMASK_EQ + i;
	return -1;
}

bool tc__gpu_thread_id(const char *name, size_t len, uint64_t arg0, int known, uint8_t *dim,
		       bool *global)
{
	uint8_t op = tc__gpu_lane_source(name, len, arg0, known);
	if (op >= TC_LOP_TID_X && op <= TC_LOP_TID_Z) {
		*dim = (uint8_t)(op - TC_LOP_TID_X);
		*global = false;
		return true;
	}
	static const char gid[] = "_Z13get_global_idj";
	if (len == sizeof gid - 1 && memcmp(name, gid, len) == 0 && known && arg0 <= 2) {
		*dim = (uint8_t)arg0;
		*global = true;
		return true;
	}
	return false;
}

tc_collective tc__gpu_collective_entry(uint8_t group, bool call, bool barrier, bool has_mask,
				       bool checked, uint32_t node)
{
	tc_collective c;
	memset(&c, 0, sizeof c);
	c.group = (tc_group)group;
	c.call = call;
	c.barrier = barrier;
	c.masked = !checked;
	c.full_mask = has_mask && checked;
	c.node = node;
	c.arg = TC_NONE;
	return c;
}

const char *tc__gpu_collective_arg(const tc_gpu_collective *c, unsigned i, char *buf,
				   size_t cap)
{
	const char *s = c->args;
	for (unsigned k = 0; s && k < i; k++)
		if ((s = strchr(s, ',')))
			s++;
	if (!s || cap == 0)
		return "an argument";
	size_t n = strcspn(s, ",");
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

const char *tc__gpu_collective_name(const tc_gpu_collective *c, const char *callee,
				    size_t len, char *buf, size_t cap)
{
	if (c->display)
		return c->display;
	/* _Z<length><name>...: the name */
	size_t k = 2, nl = 0;
	while (k < len && callee[k] >= '0' && callee[k] <= '9' && nl < 1000)
		nl = nl * 10 + (size_t)(callee[k++] - '0');
	if (len < 3 || callee[0] != '_' || callee[1] != 'Z' || nl == 0 || k + nl > len) {
		k = 0;
		nl = len;
	}
	if (nl >= cap)
		nl = cap - 1;
	memcpy(buf, callee + k, nl);
	buf[nl] = '\0';
	return buf;
}

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
	/* the thread's id in its block, as CUDA and HIP spell it */
	static const char *const tid[] = {"llvm.nvvm.read.ptx.sreg.tid.",
					  "llvm.amdgcn.workitem.id."};
	int n;
	if (cap < 32)
		return 0;
	for (size_t t = 0; t < sizeof tid / sizeof *tid; t++) {
		size_t tl = strlen(tid[t]);
		if (len == tl + 1 && memcmp(name, tid[t], tl) == 0 && name[tl] >= 'x' &&
		    name[tl] <= 'z') {
			n = snprintf(buf, cap, "threadIdx.%c", name[tl]);
			return (size_t)n < cap ? (size_t)n : cap - 1;
		}
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
