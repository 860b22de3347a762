/*
 * gen_ir.c - a seeded random NVPTX kernel in LLVM IR text, or the same
 * kernel as an OpenCL kernel in SPIR-V assembly, for the IR benchmarks
 * (README.md: ir_vs_llvm.py, ptx_vs_ir.py, spirv_vs_ir.py).
 *
 *   gen_ir --blocks N [--seed S] [--shape SHAPE] [--lean] [--format ll|spvasm]
 *          [-o FILE]
 *
 * One kernel, @kernel, of exactly N basic blocks (N >= 2), in SSA form as
 * clang -O1 leaves it: no allocas, values carried by phis. Its body is a
 * random structured program, like gen_cfg's structured shape: sequences of
 * blocks, if and if/else, while (for) and do/while loops with break and
 * continue, nested up to 24 deep, with log-uniform nested sizes. Branch
 * conditions are on threadIdx.x (divergent), on the kernel arguments, the
 * innermost loop counter or blockIdx.x (uniform), or on the running value
 * (divergent where a divergent join made it so); about one loop in five
 * exits on a bound that depends on threadIdx.x. A `call void
 * @llvm.nvvm.barrier0()` every 25 to 74 blocks, at any depth.
 *
 * SSA: one running i32 value, `acc`, is updated in every block; a block
 * with several predecessors starts with a phi of it listing each
 * predecessor once, with the value that predecessor ends with. A loop's
 * header has phis of its counter and of acc; its latch (the target of
 * continue) and its exit block (the target of break) get phis over their
 * predecessors. Every incoming value is defined in its predecessor or in a
 * block that dominates it, and a conditional branch never has two equal
 * targets, so the output passes `opt -passes=verify`.
 *
 * --format spvasm writes the same program (the same random decisions, so
 * the same blocks, branches, loops, phis and barriers in the same order)
 * as SPIR-V assembly for the Kernel execution model (`spirv-as
 * --target-env spv1.2`, then `spirv-val --target-env opencl2.2`): the
 * capabilities Addresses, Kernel and Int64, memory model Physical64
 * OpenCL, unstructured control flow (no merge instructions), threadIdx.x
 * and blockIdx.x as component 0 of the Input variables decorated BuiltIn
 * LocalInvocationId and WorkgroupId (v3ulong, as LLVM's SPIR-V translator
 * declares them), the arguments as OpFunctionParameter, the barrier as
 * `OpControlBarrier %uint_2 %uint_2 %uint_272` (workgroup execution and
 * memory scope, as the translator writes barrier(CLK_LOCAL_MEM_FENCE)).
 * Every block is OpName'd bN as the IR's are named. Values and blocks
 * have the IR's names (%vN, %bN); the constants are declared up front,
 * %uint_0 to %uint_1001 and %ulong_1 to %ulong_1000 (all that the blocks
 * may use). SPIR-V wants every block after the blocks that dominate it:
 * the blocks come in the IR's order, where each block follows one of its
 * predecessors, and that is enough (a dominator of a block dominates each
 * of its predecessors, so by induction it comes before that one).
 *
 * --shape picks the statements (the kinds of branch conditions stay):
 *   random  the mix above (the default);
 *   nest    ifs, if/elses and loops inside one another, each taking half
 *           or more of what is left, so the nest is as deep as the budget
 *           allows (to 24), with few plain blocks;
 *   flat    a long run of small ifs, if/elses and loops of at most six
 *           blocks, as unrolled code is;
 *   loops   loops inside loops, deep as nest, with break and continue.
 * --lean leaves out the blocks' work (acc's updates, loads and stores): a
 * block is its phis, its branch condition and its terminator, the least
 * IR per block, where LLVM's parse costs least against the analyses.
 *
 * Same arguments, same bytes: splitmix64 and integer arithmetic only.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_NAME "gen_ir"
#include "gen_common.h"

#define MAX_DEPTH 24

/*
 * emit(o, fmt, ...): fmt is copied, except
 *   $v  an SSA value %v<N> (uint32_t)
 *   $b  a block label %b<N> (uint32_t)
 *   $u  a number (uint32_t)
 *   $s  a string
 */
static void emit(out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *p = fmt;
	while (*p) {
		const char *q = p;
		while (*q && *q != '$')
			q++;
		out_mem(o, p, (size_t)(q - p));
		if (!*q)
			break;
		switch (q[1]) {
		case 'v':
			out_mem(o, "%v", 2);
			out_u32(o, va_arg(ap, uint32_t));
			break;
		case 'b':
			out_mem(o, "%b", 2);
			out_u32(o, va_arg(ap, uint32_t));
			break;
		case 'u':
			out_u32(o, va_arg(ap, uint32_t));
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			out_mem(o, s, strlen(s));
			break;
		}
		default:
			die("internal error: bad format");
		}
		p = q + 2;
	}
	va_end(ap);
}

/* Incoming (block, value) pairs of a phi. */
typedef struct inc {
	uint32_t block, val;
} inc;

typedef struct incs {
	inc *v;
	size_t n, cap;
} incs;

static void incs_push(incs *l, uint32_t block, uint32_t val)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			die("out of memory");
	}
	l->v[l->n].block = block;
	l->v[l->n].val = val;
	l->n++;
}

/* the innermost loop: where continue and break go, and its counter */
typedef struct loop_ctx {
	uint32_t latch, after, counter;
	incs conts, brks; /* predecessors of the latch and of the exit block */
} loop_ctx;

typedef struct gen {
	rng r;
	out *o;
	uint32_t nblocks;	/* blocks allocated so far */
	uint32_t nvals;		/* values %v0, %v1, ... allocated so far */
	uint32_t cur;		/* the open block: emitted up to its terminator */
	uint32_t acc;		/* the running value at the end of cur, so far */
	uint32_t until_barrier; /* blocks until a barrier is due */
	uint32_t barriers;
	int spv;		/* SPIR-V assembly, not LLVM IR */
	int shape;		/* SH_* */
	int lean;		/* no work in the blocks */
} gen;

enum { SH_RANDOM, SH_NEST, SH_FLAT, SH_LOOPS };
static const char *const shape_names[] = {"random", "nest", "flat", "loops"};

/* The kind of the next statement (S_*) with budget b at depth. */
static int pick(gen *g, uint32_t b, int depth, int in_loop)
{
	if (g->shape == SH_RANDOM)
		return pick_stmt(&g->r, b, depth, MAX_DEPTH, in_loop, 4);
	uint32_t p = rng_below(&g->r, 100);
	int kind;
	if (g->shape == SH_NEST)
		kind = p < 10 ? S_BLOCK : p < 35 ? S_IF : p < 60 ? S_IFELSE : p < 80 ? S_WHILE : S_DOWHILE;
	else if (g->shape == SH_FLAT)
		kind = p < 20 ? S_BLOCK : p < 55 ? S_IF : p < 85 ? S_IFELSE : p < 95 ? S_WHILE : S_DOWHILE;
	else
		kind = p < 10 ? S_BLOCK : p < 45 ? S_WHILE : p < 75 ? S_DOWHILE : S_JUMP;
	if (kind == S_JUMP && !in_loop)
		kind = S_WHILE;
	if (depth >= MAX_DEPTH && kind != S_JUMP)
		kind = S_BLOCK;
	if ((kind == S_IF && b < 2) || ((kind == S_IFELSE || kind == S_DOWHILE) && b < 3) ||
	    (kind == S_WHILE && b < 4))
		kind = S_BLOCK;
	return kind;
}

/* The blocks a statement's body gets, out of at most m. */
static uint32_t inner_size(gen *g, uint32_t m)
{
	if (g->shape == SH_RANDOM)
		return rng_log_uniform(&g->r, m);
	if (g->shape == SH_FLAT)
		return rng_below(&g->r, (m < 6 ? m : 6) + 1);
	return m / 2 + rng_below(&g->r, m - m / 2 + 1);
}

/* The text of one instruction in the output's language: LLVM IR or SPIR-V
 * assembly, with the same $ operands in the same order. */
#define TXT(g, ll_text, spv_text) ((g)->spv ? (spv_text) : (ll_text))

static uint32_t new_block(gen *g)
{
	return g->nblocks++;
}

static uint32_t new_val(gen *g)
{
	return g->nvals++;
}

/* Starts block b: its label, then a barrier when one is due. */
static void block_label(gen *g, uint32_t b)
{
	emit(g->o, TXT(g, "\nb$u:\n", "\n$b = OpLabel\n"), b);
	g->cur = b;
}

static void maybe_barrier(gen *g)
{
	if (g->until_barrier == 0) {
		emit(g->o, TXT(g, "  tail call void @llvm.nvvm.barrier0()\n",
			       "  OpControlBarrier %uint_2 %uint_2 %uint_272\n"));
		g->until_barrier = 25 + rng_below(&g->r, 50);
		g->barriers++;
	} else {
		g->until_barrier--;
	}
}

/* acc at the start of a block entered from preds (one phi when several) */
static void block_phi(gen *g, const incs *preds)
{
	if (preds->n == 1) {
		g->acc = preds->v[0].val;
		return;
	}
	uint32_t p = new_val(g);
	emit(g->o, TXT(g, "  $v = phi i32 ", "  $v = OpPhi %uint"), p);
	for (size_t i = 0; i < preds->n; i++)
		emit(g->o, TXT(g, i ? ", [ $v, $b ]" : "[ $v, $b ]", " $v $b"), preds->v[i].val,
		     preds->v[i].block);
	emit(g->o, "\n");
	g->acc = p;
}

/* The ordinary work of a block: one update of acc, sometimes a load from
 * global memory at a uniform address or a store of acc to out[tid]. */
static void block_work(gen *g)
{
	if (g->lean)
		return;
	uint32_t pick = rng_below(&g->r, 100), v = new_val(g), c = rng_below(&g->r, 1000) + 1;
	if (pick < 40) {
		emit(g->o, TXT(g, "  $v = add i32 $v, $u\n", "  $v = OpIAdd %uint $v %uint_$u\n"),
		     v, g->acc, c);
	} else if (pick < 60) {
		emit(g->o, TXT(g, "  $v = xor i32 $v, %m\n", "  $v = OpBitwiseXor %uint $v %m\n"),
		     v, g->acc);
	} else if (pick < 75) {
		emit(g->o, TXT(g, "  $v = mul i32 $v, $u\n", "  $v = OpIMul %uint $v %uint_$u\n"),
		     v, g->acc, c | 1);
	} else {
		uint32_t a = new_val(g), l = new_val(g);
		emit(g->o,
		     TXT(g, "  $v = getelementptr inbounds i32, ptr addrspace(1) %ing, i64 $u\n",
			 "  $v = OpInBoundsPtrAccessChain %ptr_uint %in %ulong_$u\n"),
		     a, c);
		emit(g->o,
		     TXT(g, "  $v = load i32, ptr addrspace(1) $v, align 4\n",
			 "  $v = OpLoad %uint $v Aligned 4\n"),
		     l, a);
		emit(g->o, TXT(g, "  $v = add i32 $v, $v\n", "  $v = OpIAdd %uint $v $v\n"), v, l,
		     g->acc);
	}
	g->acc = v;
	if (rng_below(&g->r, 8) == 0)
		emit(g->o,
		     TXT(g, "  store i32 $v, ptr addrspace(1) %optr, align 4\n",
			 "  OpStore %optr $v Aligned 4\n"),
		     g->acc);
}

/* A new block with a single predecessor: label, barrier, work. */
static void start_plain(gen *g, uint32_t b)
{
	block_label(g, b);
	maybe_barrier(g);
	block_work(g);
}

/* A new block entered from preds: label, phi, barrier, work. */
static void start_join(gen *g, uint32_t b, const incs *preds)
{
	block_label(g, b);
	block_phi(g, preds);
	maybe_barrier(g);
	block_work(g);
}

/* An i1 branch condition computed at the end of cur; the kinds in the
 * comment at the top. */
static uint32_t condition(gen *g, const loop_ctx *loop)
{
	uint32_t pick = rng_below(&g->r, 100), k = rng_below(&g->r, 64) + 1;
	uint32_t x = new_val(g), c = new_val(g);
	if (pick < 30) {
		/* threadIdx.x */
		if (pick < 15) {
			emit(g->o,
			     TXT(g, "  $v = and i32 %tid, $u\n",
				 "  $v = OpBitwiseAnd %uint %tid %uint_$u\n"),
			     x, k);
			emit(g->o,
			     TXT(g, "  $v = icmp eq i32 $v, 0\n",
				 "  $v = OpIEqual %bool $v %uint_0\n"),
			     c, x);
		} else {
			emit(g->o,
			     TXT(g, "  $v = add i32 %tid, $u\n",
				 "  $v = OpIAdd %uint %tid %uint_$u\n"),
			     x, k);
			emit(g->o,
			     TXT(g, "  $v = icmp ult i32 $v, 96\n",
				 "  $v = OpULessThan %bool $v %uint_96\n"),
			     c, x);
		}
	} else if (pick < 55 || (pick < 70 && !loop)) {
		/* kernel arguments */
		emit(g->o,
		     TXT(g, "  $v = add nsw i32 %m, $u\n", "  $v = OpIAdd %uint %m %uint_$u\n"), x,
		     k);
		emit(g->o,
		     TXT(g, "  $v = icmp slt i32 $v, %n\n", "  $v = OpSLessThan %bool $v %n\n"), c,
		     x);
	} else if (pick < 70) {
		/* the innermost loop's counter */
		emit(g->o,
		     TXT(g, "  $v = and i32 $v, $u\n", "  $v = OpBitwiseAnd %uint $v %uint_$u\n"),
		     x, loop->counter, k);
		emit(g->o,
		     TXT(g, "  $v = icmp eq i32 $v, 0\n", "  $v = OpIEqual %bool $v %uint_0\n"), c,
		     x);
	} else if (pick < 75) {
		/* blockIdx.x */
		emit(g->o,
		     TXT(g, "  $v = add i32 %bid, $u\n", "  $v = OpIAdd %uint %bid %uint_$u\n"), x,
		     k);
		emit(g->o,
		     TXT(g, "  $v = icmp ugt i32 $v, 64\n",
			 "  $v = OpUGreaterThan %bool $v %uint_64\n"),
		     c, x);
	} else {
		/* the running value */
		emit(g->o,
		     TXT(g, "  $v = and i32 $v, $u\n", "  $v = OpBitwiseAnd %uint $v %uint_$u\n"),
		     x, g->acc, k);
		emit(g->o,
		     TXT(g, "  $v = icmp ne i32 $v, 0\n", "  $v = OpINotEqual %bool $v %uint_0\n"),
		     c, x);
	}
	return c;
}

/* a loop's exit test on its counter: mostly uniform, 1 in 5 on tid */
static uint32_t loop_test(gen *g, uint32_t counter)
{
	uint32_t c = new_val(g);
	emit(g->o, TXT(g, "  $v = icmp slt i32 $v, $s\n", "  $v = OpSLessThan %bool $v $s\n"), c,
	     counter,
	     rng_below(&g->r, 5) == 0 ? "%tlim" : "%n");
	return c;
}

static void seq(gen *g, uint32_t budget, int depth, loop_ctx *loop);

/* the terminators: to one block; on the i1 value c to one block or another */
static void br(gen *g, uint32_t to)
{
	emit(g->o, TXT(g, "  br label $b\n", "  OpBranch $b\n"), to);
}

static void cond_br(gen *g, uint32_t c, uint32_t yes, uint32_t no)
{
	emit(g->o, TXT(g, "  br i1 $v, label $b, label $b\n", "  OpBranchConditional $v $b $b\n"),
	     c, yes, no);
}


/* The latch of a loop: phi over its predecessors, counter increment and the
 * value carried around; returns nothing, leaves cur = latch, acc = out. */
static void latch(gen *g, loop_ctx *lc, uint32_t counter_next, uint32_t acc_out)
{
	block_label(g, lc->latch);
	block_phi(g, &lc->conts);
	maybe_barrier(g);
	emit(g->o, TXT(g, "  $v = add nuw nsw i32 $v, 1\n", "  $v = OpIAdd %uint $v %uint_1\n"),
	     counter_next, lc->counter);
	emit(g->o, TXT(g, "  $v = add i32 $v, $v\n", "  $v = OpIAdd %uint $v $v\n"), acc_out,
	     g->acc, lc->counter);
	g->acc = acc_out;
}

/* A loop header's phis: counter from 0, acc from the preheader; both from
 * the latch's values around the back edge. */
static void header(gen *g, uint32_t head, uint32_t pre, uint32_t pre_acc, const loop_ctx *lc,
		   uint32_t counter_next, uint32_t acc_out)
{
	block_label(g, head);
	uint32_t a = new_val(g);
	emit(g->o,
	     TXT(g, "  $v = phi i32 [ 0, $b ], [ $v, $b ]\n",
		 "  $v = OpPhi %uint %uint_0 $b $v $b\n"),
	     lc->counter, pre, counter_next, lc->latch);
	emit(g->o,
	     TXT(g, "  $v = phi i32 [ $v, $b ], [ $v, $b ]\n", "  $v = OpPhi %uint $v $b $v $b\n"),
	     a, pre_acc, pre, acc_out, lc->latch);
	g->acc = a;
	maybe_barrier(g);
	block_work(g);
}

/* One statement after the open block cur, using at most *budget (> 0) new
 * blocks; lowers *budget by what it used and leaves its last block open. */
static void stmt(gen *g, uint32_t *budget, int depth, loop_ctx *loop)
{
	uint32_t b = *budget;
	int kind = pick(g, b, depth, loop != NULL);

	incs preds = {0};
	switch (kind) {
	case S_IF: {
		uint32_t inner = inner_size(g, b - 2);
		uint32_t then = new_block(g), join = new_block(g);
		uint32_t c = condition(g, loop);
		cond_br(g, c, then, join);
		incs_push(&preds, g->cur, g->acc);
		start_plain(g, then);
		seq(g, inner, depth + 1, loop);
		br(g, join);
		incs_push(&preds, g->cur, g->acc);
		start_join(g, join, &preds);
		*budget -= inner + 2;
		break;
	}
	case S_IFELSE: {
		uint32_t inner = inner_size(g, b - 3);
		uint32_t left = rng_below(&g->r, inner + 1);
		uint32_t then = new_block(g), other = new_block(g), join = new_block(g);
		uint32_t c = condition(g, loop), acc = g->acc;
		cond_br(g, c, then, other);
		start_plain(g, then);
		seq(g, left, depth + 1, loop);
		br(g, join);
		incs_push(&preds, g->cur, g->acc);
		g->acc = acc;
		start_plain(g, other);
		seq(g, inner - left, depth + 1, loop);
		br(g, join);
		incs_push(&preds, g->cur, g->acc);
		start_join(g, join, &preds);
		*budget -= inner + 3;
		break;
	}
	case S_DOWHILE: {
		/* do { body } while (++i < bound): the body starts at the header */
		uint32_t inner = inner_size(g, b - 3);
		loop_ctx lc = {0};
		uint32_t head = new_block(g);
		lc.latch = new_block(g);
		lc.after = new_block(g);
		lc.counter = new_val(g);
		uint32_t counter_next = new_val(g), acc_out = new_val(g);
		uint32_t pre = g->cur, pre_acc = g->acc;
		br(g, head);
		header(g, head, pre, pre_acc, &lc, counter_next, acc_out);
		seq(g, inner, depth + 1, &lc);
		br(g, lc.latch);
		incs_push(&lc.conts, g->cur, g->acc);
		latch(g, &lc, counter_next, acc_out);
		uint32_t c = loop_test(g, counter_next);
		cond_br(g, c, head, lc.after);
		incs_push(&lc.brks, g->cur, g->acc);
		start_join(g, lc.after, &lc.brks);
		free(lc.conts.v);
		free(lc.brks.v);
		*budget -= inner + 3;
		break;
	}
	case S_WHILE: {
		/* for (i = 0; i < bound; i++) { body }: header, body, latch, exit */
		uint32_t inner = inner_size(g, b - 4);
		loop_ctx lc = {0};
		uint32_t head = new_block(g), body = new_block(g);
		lc.latch = new_block(g);
		lc.after = new_block(g);
		lc.counter = new_val(g);
		uint32_t counter_next = new_val(g), acc_out = new_val(g);
		uint32_t pre = g->cur, pre_acc = g->acc;
		br(g, head);
		header(g, head, pre, pre_acc, &lc, counter_next, acc_out);
		uint32_t c = loop_test(g, lc.counter);
		cond_br(g, c, body, lc.after);
		incs_push(&lc.brks, g->cur, g->acc);
		start_plain(g, body);
		seq(g, inner, depth + 1, &lc);
		br(g, lc.latch);
		incs_push(&lc.conts, g->cur, g->acc);
		latch(g, &lc, counter_next, acc_out);
		br(g, head);
		start_join(g, lc.after, &lc.brks);
		free(lc.conts.v);
		free(lc.brks.v);
		*budget -= inner + 4;
		break;
	}
	case S_JUMP: {
		/* if (c) break; or if (c) continue; */
		uint32_t next = new_block(g);
		uint32_t c = condition(g, loop);
		int brk = rng_below(&g->r, 2) == 0;
		cond_br(g, c, brk ? loop->after : loop->latch, next);
		incs_push(brk ? &loop->brks : &loop->conts, g->cur, g->acc);
		start_plain(g, next);
		*budget -= 1;
		break;
	}
	default: {
		uint32_t v = new_block(g);
		br(g, v);
		start_plain(g, v);
		*budget -= 1;
		break;
	}
	}
	free(preds.v);
}

/* statements after cur using exactly budget new blocks */
static void seq(gen *g, uint32_t budget, int depth, loop_ctx *loop)
{
	while (budget > 0)
		stmt(g, &budget, depth, loop);
}

static const char prologue[] =
	"source_filename = \"gen_ir\"\n"
	"target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
	"target triple = \"nvptx64-nvidia-cuda\"\n"
	"\n"
	"define dso_local void @kernel(ptr noundef %out, ptr noundef %in, i32 noundef %n, "
	"i32 noundef %m) local_unnamed_addr #0 {\n"
	"b0:\n"
	"  %tid = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
	"  %bid = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
	"  %outg = addrspacecast ptr %out to ptr addrspace(1)\n"
	"  %ing = addrspacecast ptr %in to ptr addrspace(1)\n"
	"  %tid64 = zext nneg i32 %tid to i64\n"
	"  %optr = getelementptr inbounds i32, ptr addrspace(1) %outg, i64 %tid64\n"
	"  %tlim = and i32 %tid, 31\n"
	"  %v0 = add nsw i32 %n, %m\n";

static const char epilogue[] =
	"\n"
	"declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1\n"
	"declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1\n"
	"declare void @llvm.nvvm.barrier0() #2\n"
	"\n"
	"attributes #0 = { convergent mustprogress norecurse nounwind \"target-cpu\"=\"sm_70\" "
	"\"target-features\"=\"+ptx85,+sm_70\" \"uniform-work-group-size\"=\"true\" }\n"
	"attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable "
	"willreturn memory(none) }\n"
	"attributes #2 = { convergent nocallback nounwind }\n"
	"\n"
	"!nvvm.annotations = !{!0}\n"
	"!0 = !{ptr @kernel, !\"kernel\", i32 1}\n";

/* The SPIR-V module up to the first block's work, in the order a module's
 * sections must come: capabilities, memory model, entry point, names
 * (every block's), decorations, types, constants, variables, then the
 * function with its parameters and b0's loads of the built-ins. The same
 * values as the IR's prologue: %tid, %bid, %optr (&out[tid]), %tlim and
 * %v0. */
static const char spv_head[] =
	"OpCapability Addresses\n"
	"OpCapability Kernel\n"
	"OpCapability Int64\n"
	"OpMemoryModel Physical64 OpenCL\n"
	"OpEntryPoint Kernel %kernel \"kernel\" %lid %wgid\n"
	"OpSource OpenCL_C 200000\n"
	"OpName %kernel \"kernel\"\n"
	"OpName %out \"out\"\n"
	"OpName %in \"in\"\n"
	"OpName %n \"n\"\n"
	"OpName %m \"m\"\n"
	"OpName %lid \"__spirv_BuiltInLocalInvocationId\"\n"
	"OpName %wgid \"__spirv_BuiltInWorkgroupId\"\n";

static const char spv_types[] =
	"OpDecorate %lid BuiltIn LocalInvocationId\n"
	"OpDecorate %lid Constant\n"
	"OpDecorate %wgid BuiltIn WorkgroupId\n"
	"OpDecorate %wgid Constant\n"
	"%ulong = OpTypeInt 64 0\n"
	"%uint = OpTypeInt 32 0\n"
	"%bool = OpTypeBool\n"
	"%void = OpTypeVoid\n"
	"%v3ulong = OpTypeVector %ulong 3\n"
	"%ptr_v3ulong = OpTypePointer Input %v3ulong\n"
	"%ptr_uint = OpTypePointer CrossWorkgroup %uint\n"
	"%kernel_t = OpTypeFunction %void %ptr_uint %ptr_uint %uint %uint\n";

static const char spv_body[] =
	"%lid = OpVariable %ptr_v3ulong Input\n"
	"%wgid = OpVariable %ptr_v3ulong Input\n"
	"%kernel = OpFunction %void None %kernel_t\n"
	"%out = OpFunctionParameter %ptr_uint\n"
	"%in = OpFunctionParameter %ptr_uint\n"
	"%n = OpFunctionParameter %uint\n"
	"%m = OpFunctionParameter %uint\n"
	"%b0 = OpLabel\n"
	"  %lidv = OpLoad %v3ulong %lid Aligned 32\n"
	"  %tid64 = OpCompositeExtract %ulong %lidv 0\n"
	"  %tid = OpUConvert %uint %tid64\n"
	"  %wgidv = OpLoad %v3ulong %wgid Aligned 32\n"
	"  %bid64 = OpCompositeExtract %ulong %wgidv 0\n"
	"  %bid = OpUConvert %uint %bid64\n"
	"  %optr = OpInBoundsPtrAccessChain %ptr_uint %out %tid64\n"
	"  %tlim = OpBitwiseAnd %uint %tid %uint_31\n"
	"  %v0 = OpIAdd %uint %n %m\n";

/* the constants the blocks use: %uint_C for C in 0..1001 (block_work's
 * operands 1..1001, condition()'s 1..64 and 0, 64, 96, and 1, 2, 31, 272),
 * %ulong_C for C in 1..1000 (block_work's load offsets) */
#define SPV_UINT_MAX 1001
#define SPV_ULONG_MAX 1000

static void spv_prologue(gen *g, uint32_t blocks)
{
	out_mem(g->o, spv_head, sizeof spv_head - 1);
	for (uint32_t b = 0; b < blocks; b++)
		emit(g->o, "OpName $b \"b$u\"\n", b, b);
	out_mem(g->o, spv_types, sizeof spv_types - 1);
	for (uint32_t c = 0; c <= SPV_UINT_MAX; c++)
		emit(g->o, "%uint_$u = OpConstant %uint $u\n", c, c);
	for (uint32_t c = 1; c <= SPV_ULONG_MAX; c++)
		emit(g->o, "%ulong_$u = OpConstant %ulong $u\n", c, c);
	out_mem(g->o, spv_body, sizeof spv_body - 1);
}

static void usage(FILE *f)
{
	fputs("usage: gen_ir --blocks N [--seed S] [--shape SHAPE] [--lean] [--format ll|spvasm]\n"
	      "              [-o FILE]\n"
	      "  one NVPTX kernel of exactly N basic blocks (N >= 2; 1e6 is 10^6) in LLVM IR\n"
	      "  text: nested loops and ifs, branches on threadIdx.x and on uniform values,\n"
	      "  a barrier every ~50 blocks. The same arguments give the same bytes.\n"
	      "  --shape random|nest|flat|loops: the statements' mix (random is the default).\n"
	      "  --lean: blocks without work, only phis, conditions and terminators.\n"
	      "  --format spvasm: the same kernel as an OpenCL kernel in SPIR-V assembly\n"
	      "  (spirv-as --target-env spv1.2); ll, LLVM IR, is the default.\n",
	      f);
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	uint64_t blocks = 0, seed = 1;
	int have_blocks = 0, spv = 0, shape = SH_RANDOM, lean = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--lean")) {
			lean = 1;
			continue;
		}
		if (i + 1 >= argc) {
			usage(stderr);
			return 2;
		}
		const char *v = argv[++i];
		if (!strcmp(a, "--blocks")) {
			if (parse_count(v, &blocks) || blocks < 2 || blocks > 100000000u)
				die("--blocks: expected a count from 2 to 1e8");
			have_blocks = 1;
		} else if (!strcmp(a, "--seed")) {
			if (parse_count(v, &seed))
				die("--seed: expected a non-negative integer");
		} else if (!strcmp(a, "--shape")) {
			for (shape = 0; shape < 4 && strcmp(v, shape_names[shape]); shape++)
				;
			if (shape == 4)
				die("--shape: expected random, nest, flat or loops");
		} else if (!strcmp(a, "--format")) {
			if (!strcmp(v, "spvasm"))
				spv = 1;
			else if (!strcmp(v, "ll"))
				spv = 0;
			else
				die("--format: expected ll or spvasm");
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			path = v;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!have_blocks) {
		usage(stderr);
		return 2;
	}

	static out o;
	o.f = path ? fopen(path, "wb") : stdout;
	if (!o.f) {
		perror(path);
		return 2;
	}
	gen g;
	memset(&g, 0, sizeof g);
	g.r.s = seed;
	for (const char *c = "ir"; *c; c++)
		g.r.s = g.r.s * 31 + (unsigned char)*c;
	g.o = &o;
	g.spv = spv;
	g.shape = shape;
	g.lean = lean;
	char line[128];
	snprintf(line, sizeof line, "; gen_ir --blocks %" PRIu64 " --seed %" PRIu64 "%s%s%s%s\n",
		 blocks, seed, shape ? " --shape " : "", shape ? shape_names[shape] : "",
		 lean ? " --lean" : "", spv ? " --format spvasm" : "");
	out_mem(&o, line, strlen(line));
	if (spv)
		spv_prologue(&g, (uint32_t)blocks);
	else
		out_mem(&o, prologue, sizeof prologue - 1);
	g.nblocks = 1; /* b0, the entry */
	g.nvals = 1;   /* %v0, acc's first value */
	g.cur = 0;
	g.acc = 0;
	g.until_barrier = 25 + rng_below(&g.r, 50);
	seq(&g, (uint32_t)blocks - 1, 0, NULL);
	if (spv) {
		emit(&o, "  OpStore %optr $v Aligned 4\n  OpReturn\nOpFunctionEnd\n", g.acc);
	} else {
		emit(&o, "  store i32 $v, ptr addrspace(1) %optr, align 4\n  ret void\n}\n", g.acc);
		out_mem(&o, epilogue, sizeof epilogue - 1);
	}
	out_flush(&o);
	if (g.nblocks != blocks)
		die("internal error: wrong block count");
	if (path ? fclose(o.f) != 0 : fflush(o.f) != 0)
		die("write error");
	fprintf(stderr, "gen_ir: %" PRIu64 " blocks, %" PRIu32 " barriers, %" PRIu32 " values\n",
		blocks, g.barriers, g.nvals);
	return 0;
}
