/*
 * functions.c - the PTX reader's functions (ptx.h): a .entry or .func with
 * its parameters and body, labels and .branchtargets, what is decided when
 * its body ends (the stack slots, loads through generic addresses, full
 * masks in registers) and its blocks (docs/ptx.md, "Blocks").
 */
#include "frontend/ptx/ptx.h"

#include <stdlib.h>
#include <string.h>

static int overlapping_slots(reader *r);

/* ---- functions ------------------------------------------------------------ */

/* ( .param .u64 name, .reg .b32 %r, ... ): the names, with tag */
static int parse_params(reader *r, uint8_t tag)
{
	tc__ptx_next(r); /* ( */
	while (!tc__ptx_is_p(r, ')')) {
		bool reg = false;
		tok name = {0};
		while (r->t.kind == T_IDENT || r->t.kind == T_NUM || tc__ptx_is_p(r, '[') ||
		       tc__ptx_is_p(r, ']') || tc__ptx_is_p(r, '<') || tc__ptx_is_p(r, '>')) {
			if (tc__ptx_is_word(&r->t, ".reg"))
				reg = true;
			if (r->t.kind == T_IDENT && r->t.s[0] != '.')
				name = r->t;
			tc__ptx_next(r);
		}
		if (!name.s)
			return tc__ptx_expected(r, "a parameter name");
		if (tag == P_RET) { /* a register the function's result is in */
			nslot *e = tc__ptx_nmap_put(&r->ar, &r->params, name.s, name.len);
			if (!e)
				return tc__ptx_oom(r);
			e->tag = P_RET;
			/* a .param result: a register of its own, not named (its
			 * name stays the address st.param writes) */
			if (reg ? tc__ptx_declare_reg(r, &name, 1, false)
				: (e->val = tc__ptx_new_reg(r)) == TC_NONE)
				return r->rc;
			if (reg)
				e->val = tc__ptx_reg_lookup(r, &name);
			if (tc__ptx_push(r, &r->ret_regs, e->val))
				return r->rc;
		} else if (reg) {
			if (tc__ptx_declare_reg(r, &name, 1, false) ||
			    tc__ptx_push(r, &r->reg_params, tc__ptx_reg_lookup(r, &name)) ||
			    tc__ptx_push(r, &r->reg_param_index, r->nparams++))
				return r->rc;
		} else {
			nslot *e = tc__ptx_nmap_put(&r->ar, &r->params, name.s, name.len);
			if (!e)
				return tc__ptx_oom(r);
			e->tag = tag;
			e->val = r->nparams++;
		}
		if (tc__ptx_is_p(r, ','))
			tc__ptx_next(r);
		else if (!tc__ptx_is_p(r, ')'))
			return tc__ptx_expected(r, "',' or ')'");
	}
	tc__ptx_next(r);
	return r->rc;
}

static void start_function(reader *r)
{
	r->nregs = 0;
	tc__ptx_nmap_clear(&r->ar, &r->regs);
	r->bare_regs = false;
	tc__ptx_nmap_clear(&r->ar, &r->params);
	tc__ptx_nmap_clear(&r->ar, &r->scoped);
	tc__ptx_nmap_clear(&r->ar, &r->lsyms);
	tc__ptx_nmap_clear(&r->ar, &r->labels);
	tc__ptx_nmap_clear(&r->ar, &r->tables);
	r->nlab = r->nrefs = r->ntrefs = r->ntlabels = r->ndslots = 0;
	r->pos_rec.len = 0;
	r->npos = 0;
	r->depot_ok = true;
	r->ndfs = 0;
	r->dload.len = r->dstore.len = r->gload.len = r->gaddr.len = r->reg_params.len = 0;
	r->reg_param_index.len = r->ret_regs.len = 0;
	r->nparams = 0;
	r->last_was_label = false;
	r->have_loc = false;
	r->niloc = 0;
	tc__hash_clear(&r->ilh, r->ar.al);
	r->nshadows = 0;
	r->depth = 0;
	memset(r->pcache, 0, sizeof r->pcache);
}

static uint32_t find_label(reader *r, const char *s, uint32_t len)
{
	nslot *e = tc__ptx_nmap_find(&r->labels, s, len, tc__hash_bytes(s, len));
	return e ? e->val : TC_NONE;
}

/* The blocks of the function just read (docs/ptx.md, "Blocks"). */
static int form_blocks(reader *r)
{
	pfunc *f = r->f;
	uint32_t npos = r->npos;
	if (tc__ptx_push(r, &r->pos_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	/* labels that a branch or a table names */
	for (size_t k = 0; k < r->nrefs; k++) {
		uint32_t l = find_label(r, r->refs[k].s, r->refs[k].len);
		if (l == TC_NONE)
			return tc__ptx_err(r, r->refs[k].line, r->refs[k].col, "label '%.*s' is not defined",
					   (int)(r->refs[k].len > 60 ? 60 : r->refs[k].len), r->refs[k].s);
		r->lab[l].targeted = true;
		r->refs[k].to = l;
	}
	for (size_t k = 0; k < r->ntrefs; k++) {
		lref *t = &r->trefs[k];
		nslot *e = tc__ptx_nmap_find(&r->tables, t->s, t->len, tc__hash_bytes(t->s, t->len));
		if (!e)
			return tc__ptx_err(r, t->line, t->col, "'%.*s' is not a '.branchtargets' list",
					   (int)(t->len > 60 ? 60 : t->len), t->s);
		t->to = e->val;
		t->n = e->aux;
		for (uint32_t j = 0; j < e->aux; j++) {
			lref *x = &r->tlabels[e->val + j];
			uint32_t l = find_label(r, x->s, x->len);
			if (l == TC_NONE)
				return tc__ptx_err(r, x->line, x->col, "label '%.*s' is not defined",
						   (int)(x->len > 60 ? 60 : x->len), x->s);
			r->lab[l].targeted = true;
			x->to = l;
		}
	}
	/* boundaries, in order of position */
	f->block0 = (uint32_t)r->nblocks;
	size_t it = f->item0, li = 0;
	uint32_t cur_start = 0; /* where the last block starts; UINT32_MAX: none open */
#define NEW_BLOCK(p)                                                                               \
	do {                                                                                       \
		if (tc__ptx_grow(r, &r->blocks, &r->blocks_cap, r->nblocks + 1, sizeof *r->blocks))          \
			return r->rc;                                                              \
		r->blocks[r->nblocks++] = (pblock){NULL, 0, r->pos_rec.v[(p)], 0, (uint32_t)it, 0,  \
						   0, 0, TC_NONE, TC_NONE, TC_WAY_UNKNOWN, (p)};   \
		cur_start = (p);                                                                   \
	} while (0)
	NEW_BLOCK(0);
	for (;;) {
		uint32_t lp = li < r->nlab ? r->lab[li].pos : UINT32_MAX;
		uint32_t ip = it < r->nitems ? r->items[it].pos : UINT32_MAX;
		if (lp == UINT32_MAX && ip == UINT32_MAX)
			break;
		if (lp <= ip) { /* labels go before the instruction at their place */
			plabel *l = &r->lab[li++];
			if (!l->targeted)
				continue;
			/* a block that has nothing in it yet takes the label */
			if (cur_start != lp || r->blocks[r->nblocks - 1].label)
				NEW_BLOCK(lp);
			pblock *bk = &r->blocks[r->nblocks - 1];
			bk->label = l->s;
			bk->llen = l->len;
			l->block = (uint32_t)(r->nblocks - 1 - f->block0);
			continue;
		}
		item *x = &r->items[it++];
		if ((x->op == IT_BARRIER || x->op == IT_PARTIAL || x->op == IT_CALL ||
		     x->op == IT_COLL) &&
		    x->guard != TC_NONE) {
			/* only the threads whose guard holds: the block before it
			 * branches to it or around it */
			r->blocks[r->nblocks - 1].term = (uint32_t)it - 1;
			it--;
			NEW_BLOCK(ip);
			it++;
			NEW_BLOCK(ip + 1);
			continue;
		}
		if (x->op == IT_BRA && x->pred && it < r->nitems) {
			/* "@%p bra a; bra b;" ends one block with two ways, as
			 * LLVM writes a conditional branch, unless a branch goes
			 * to the second bra itself */
			item *y = &r->items[it];
			size_t l = li;
			while (l < r->nlab && r->lab[l].pos == ip + 1 && !r->lab[l].targeted)
				l++;
			bool entered = l < r->nlab && r->lab[l].pos == ip + 1;
			if (y->pos == ip + 1 && y->op == IT_BRA && !y->pred && !entered &&
			    r->pos_rec.v[ip + 1] == r->pos_rec.v[ip + 2]) {
				x->other = (uint32_t)it++;
				ip++;
			}
		}
		if (x->op == IT_BRA || x->op == IT_BRX || x->op == IT_RET || x->op == IT_TRAP) {
			r->blocks[r->nblocks - 1].term = (uint32_t)(x - r->items);
			if (ip + 1 < npos)
				NEW_BLOCK(ip + 1);
			else
				cur_start = UINT32_MAX; /* nothing after it */
		}
	}
#undef NEW_BLOCK
	f->block1 = (uint32_t)r->nblocks;
	/* record and item ranges, successors and conditions */
	for (uint32_t k = f->block0; k < f->block1; k++) {
		pblock *bk = &r->blocks[k];
		bk->rec1 = k + 1 < f->block1 ? r->blocks[k + 1].rec0 : (uint32_t)r->rec.def.len;
		bk->item1 = k + 1 < f->block1 ? r->blocks[k + 1].item0 : (uint32_t)r->nitems;
	}
	uint32_t nb = f->block1 - f->block0;
	for (uint32_t k = 0; k < nb; k++) {
		pblock *bk = &r->blocks[f->block0 + k];
		uint32_t exit = nb, fall = k + 1 < nb ? k + 1 : exit;
		bk->succ0 = (uint32_t)r->succ.len;
		if (bk->term == TC_NONE) {
			if (tc__ptx_push(r, &r->succ, fall))
				return r->rc;
		} else {
			item *x = &r->items[bk->term];
			switch (x->op) {
			case IT_BRA:
				if (x->other != TC_NONE) /* the second bra's target */
					fall = r->lab[r->refs[r->items[x->other].target].to].block;
				if (tc__ptx_push(r, &r->succ, r->lab[r->refs[x->target].to].block) ||
				    (x->pred && tc__ptx_push(r, &r->succ, fall)))
					return r->rc;
				bk->cond = x->cond;
				/* the target where the guard holds (@%p), or where
				 * it does not (@!%p) */
				bk->way = x->pred && x->cond != TC_NONE
						  ? (x->neg ? TC_WAY_SECOND : TC_WAY_FIRST)
						  : TC_WAY_UNKNOWN;
				break;
			case IT_BRX: {
				const lref *t = &r->trefs[x->target];
				for (uint32_t j = t->to; j < t->to + t->n; j++)
					if (tc__ptx_push(r, &r->succ, r->lab[r->tlabels[j].to].block))
						return r->rc;
				if (x->pred && tc__ptx_push(r, &r->succ, fall))
					return r->rc;
				bk->cond = x->cond;
				break;
			}
			case IT_RET:
				if (tc__ptx_push(r, &r->succ, exit) ||
				    (x->pred && tc__ptx_push(r, &r->succ, fall)))
					return r->rc;
				bk->cond = x->cond;
				break;
			case IT_TRAP:
				break;
			default: /* a guarded barrier or call: around it, or through */
				if (tc__ptx_push(r, &r->succ, fall) ||
				    tc__ptx_push(r, &r->succ, k + 2 < nb ? k + 2 : exit))
					return r->rc;
				bk->cond = x->guard;
				bk->nsucc = 2;
				continue;
			}
		}
		bk->nsucc = (uint32_t)r->succ.len - bk->succ0;
		/* a branch whose ways all lead to one block is a jump */
		bool one_way = true;
		for (uint32_t x = 1; x < bk->nsucc; x++)
			one_way &= r->succ.v[bk->succ0 + x] == r->succ.v[bk->succ0];
		if (one_way && bk->nsucc > 1) {
			r->succ.len = bk->succ0 + 1;
			bk->nsucc = 1;
			bk->cond = TC_NONE;
		}
		if (bk->nsucc != 2)
			bk->way = TC_WAY_UNKNOWN;
	}
	return TC_OK;
}

/* Loads through generic addresses that may point into local memory:
 * thread-dependent. A register may hold such an address when some write
 * of it is based on the depot, a .local name, a loaded value, a call's
 * result or a parameter of a function (flow-insensitive: any write). In a
 * kernel of a file that never names the local space (no .local anywhere:
 * no depot, no local variable, no cvta.local of an alloca), no address of
 * the thread's local memory exists: its generic loads read what the
 * address names, as global ones do. */
static int generic_loads(reader *r)
{
	pfunc *f = r->f;
	if (!r->gload.len || (f->entry && !r->want_df))
		return TC_OK;
	uint32_t nr = r->nregs;
	tc_arena tmp; /* this step's arrays */
	tc__arena_init(&tmp, &r->al);
	uint8_t *may = TC_ARENA_ZARRAY(&tmp, uint8_t, (size_t)nr + 1);
	uint32_t *off = TC_ARENA_ZARRAY(&tmp, uint32_t, (size_t)nr + 2);
	uint32_t *stack = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)nr + 1);
	uint32_t *by = NULL;
	int rc = may && off && stack ? TC_OK : TC_ENOMEM;
	size_t total = 0;
	uint32_t top = 0;
	const uint32_t *opoff = r->rec.opoff.v, *ops = r->rec.op.v;
	if (!rc) {
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t end = tc__ptx_op_end(r, i);
			for (uint32_t k = opoff[i]; k < end; k++)
				off[ops[k] + 2]++;
			total += end - opoff[i];
		}
		by = TC_ARENA_ARRAY(&tmp, uint32_t, total + 1);
		rc = by ? TC_OK : TC_ENOMEM;
	}
	if (!rc) {
		for (uint32_t v = 0; v < nr; v++)
			off[v + 2] += off[v + 1];
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t end = tc__ptx_op_end(r, i);
			for (uint32_t k = opoff[i]; k < end; k++)
				by[off[ops[k] + 1]++] = i;
		}
		/* seeds: the depot's address, and what is not known to point
		 * into shared, global or constant memory */
		for (uint32_t v = 0; v < nr; v++)
			if (r->dbase[v] && !may[v]) {
				may[v] = 1;
				stack[top++] = v;
			}
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t d = r->rec.def.v[i];
			uint8_t kd = r->rec.kind[i];
			if (d != TC_NONE && !may[d] && !(kd & K_ARGUMENT) &&
			    ((kd & K_LOCAL) ||
			     (!(kd & K_SREG) && ((kd & TC_UA_SOURCE) || !(kd & TC_UA_PURE))))) {
				may[d] = 1;
				stack[top++] = d;
			}
		}
		while (top > 0) {
			uint32_t v = stack[--top];
			for (uint32_t k = off[v]; k < off[v + 1]; k++) {
				uint32_t d = r->rec.def.v[by[k]];
				if (d != TC_NONE && !may[d]) {
					may[d] = 1;
					stack[top++] = d;
				}
			}
		}
		for (size_t k = 0; k < r->gload.len; k++) {
			uint32_t a = r->gaddr.v[k];
			if (a == TC_NONE || may[a])
				r->rec.kind[r->gload.v[k]] |= TC_UA_SOURCE;
		}
	}
	tc__arena_free(&tmp);
	return rc ? tc__ptx_oom(r) : TC_OK;
}

/* What slot record i was, kept for depot.c (promote_slots): what it
 * writes, its kind and lane op, and a load's operands. */
static int keep_slot_rec(reader *r, uint32_t i, bool load)
{
	uint32_t o0 = r->rec.opoff.v[i], end = load ? tc__ptx_op_end(r, i) : o0;
	if (tc__ptx_grow(r, &r->sv, &r->sv_cap, r->nsv + 1, sizeof *r->sv))
		return r->rc;
	uint8_t kind = (uint8_t)(r->rec.kind[i] & ~(K_ARGUMENT | K_SREG | K_LOCAL));
	r->sv[r->nsv++] = (struct slot_rec){i, r->rec.def.v[i], (uint32_t)r->sv_ops.len, end - o0,
					    load, kind, r->lane[i]};
	for (uint32_t x = o0; x < end; x++)
		if (tc__ptx_push(r, &r->sv_ops, r->rec.op.v[x]))
			return r->rc;
	return TC_OK;
}

/* The depot is read as memory after all: its loads are thread-dependent,
 * its stores write no register (what they were is kept, with the slots:
 * keep_slot_rec). */
static int depot_as_memory(reader *r)
{
	pfunc *f = r->f;
	f->sv0 = (uint32_t)r->nsv;
	f->sl0 = (uint32_t)r->nsl;
	if (r->ndslots &&
	    tc__ptx_grow(r, &r->sl, &r->sl_cap, r->nsl + r->ndslots, sizeof *r->sl))
		return r->rc;
	for (size_t k = 0; k < r->ndslots; k++)
		r->sl[r->nsl++] = r->dslots[k];
	for (size_t k = 0; k < r->dstore.len; k++) {
		if (keep_slot_rec(r, r->dstore.v[k], false))
			return r->rc;
		r->rec.def.v[r->dstore.v[k]] = TC_NONE;
		r->lane[r->dstore.v[k]] = tc__ptx_no_lane;
	}
	for (size_t k = 0; k < r->dload.len; k++) {
		uint32_t i = r->dload.v[k], d = r->rec.def.v[i];
		if (keep_slot_rec(r, i, true))
			return r->rc;
		r->rec.kind[i] = TC_UA_SOURCE;
		r->lane[i] = tc__ptx_no_lane;
		/* it reads no slot: its own old value, which adds no dependence */
		uint32_t end = tc__ptx_op_end(r, i);
		for (uint32_t x = r->rec.opoff.v[i]; x < end; x++)
			r->rec.op.v[x] = d;
	}
	f->sv1 = (uint32_t)r->nsv;
	f->sl1 = (uint32_t)r->nsl;
	return TC_OK;
}

/* Whether the one write of register m in the function is an unguarded mov
 * of the immediate k (writes, last: full_masks's). */
static bool reg_constant(const reader *r, const pfunc *f, uint32_t m, const uint8_t *writes,
			 const uint32_t *last, int64_t k)
{
	if (m >= f->nregs || writes[m] != 1)
		return false;
	const tc_lane_op *o = &r->lane[last[m]];
	return o->op == TC_LOP_COPY && (o->flags & TC_LOP_K0) && o->a[0] == TC_NONE && o->k[0] == k;
}

/*
 * Masks in registers that hold the full mask: the register's one write in
 * the function is an unguarded mov of the immediate -1 (the NVPTX back end
 * writes redux.sync's mask so, nvcc every mask). Then the collective is
 * checked as with the immediate. A shuffle from one lane is a broadcast
 * (lane_collective) only with the full mask and a clamp that is so written
 * too; a mask or clamp in a register written otherwise stays a condition
 * of the broadcast that the warp's view decides (graph/desc.h): nvcc -G's
 * __shfl_sync computes its clamp from its width parameter, which a calling
 * context may know.
 */
int tc__ptx_full_masks(reader *r, const pfunc *f)
{
	bool any = false;
	for (size_t x = f->item0; x < f->item1 && !any; x++)
		any = r->items[x].op == IT_COLL &&
		      (r->colls[r->items[x].target].mask_reg != TC_NONE ||
		       r->colls[r->items[x].target].clamp_reg != TC_NONE);
	if (!any)
		return TC_OK;
	/* per register: its writes (up to 2), and the last */
	tc_arena tmp;
	tc__arena_init(&tmp, &r->al);
	uint32_t *last = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)f->nregs + 1);
	uint8_t *writes = TC_ARENA_ZARRAY(&tmp, uint8_t, (size_t)f->nregs + 1);
	if (!last || !writes) {
		tc__arena_free(&tmp);
		return tc__ptx_oom(r);
	}
	for (uint32_t i = f->rec0; i < f->rec1; i++) {
		uint32_t d = r->rec.def.v[i];
		if (d != TC_NONE && d < f->nregs && writes[d] < 2) {
			writes[d]++;
			last[d] = i;
		}
	}
	for (size_t x = f->item0; x < f->item1; x++) {
		if (r->items[x].op != IT_COLL)
			continue;
		pcoll *c = &r->colls[r->items[x].target];
		if (c->mask_reg != TC_NONE)
			c->checked = reg_constant(r, f, c->mask_reg, writes, last, -1);
		/* a broadcast's mask and clamp found constants here are no
		 * conditions; the others stay, for lanes.h (a calling context
		 * may know the parameter they come from) */
		bool clamp = c->clamp_reg == TC_NONE ||
			     reg_constant(r, f, c->clamp_reg, writes, last, c->row->whole_value);
		for (uint32_t k = c->res0; k < c->res1 && k < r->rec.def.len; k++)
			if (r->lane[k].op == TC_LOP_BROADCAST) {
				if (c->checked)
					r->lane[k].cond = TC_NONE;
				if (clamp)
					r->lane[k].a[1] = TC_NONE;
			}
	}
	tc__arena_free(&tmp);
	return TC_OK;
}

static int end_function(reader *r)
{
	pfunc *f = r->f;
	f->rec1 = (uint32_t)r->rec.def.len;
	f->item1 = (uint32_t)r->nitems;
	f->pv1 = (uint32_t)r->pv_rec.len;
	f->ret1 = (uint32_t)r->ret_rec.len;
	f->call1 = (uint32_t)r->ncalls;
	f->nregs = r->nregs;
	/* a .reg parameter: what the caller passes is not followed */
	for (size_t k = 0; k < r->reg_params.len; k++)
		if (tc__ptx_df(r, DF_TOP, r->reg_params.v[k], TC_NONE, TC_NONE, 0, 0, 0, 0, TC_NONE))
			return r->rc;
	f->df1 = (uint32_t)r->ndf;
	if (overlapping_slots(r))
		return r->rc;
	if (!r->depot_ok && depot_as_memory(r))
		return r->rc;
	if (generic_loads(r) || tc__ptx_full_masks(r, f))
		return r->rc;
	for (uint32_t i = f->rec0; i < f->rec1; i++)
		r->rec.kind[i] &= (uint8_t)~(K_ARGUMENT | K_SREG | K_LOCAL);
	return form_blocks(r);
}

static int cmp_slot_at(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* Whether depot slots at different offsets overlap: then the depot is
 * memory (r->depot_ok false; a slot whose bytes another store writes is no
 * register again, promote_slots). A sweep in order of offset with the
 * farthest end so far. */
static int overlapping_slots(reader *r)
{
	size_t n = r->ndslots;
	if (n < 2)
		return TC_OK;
	int64_t (*at)[2] = tc__malloc(&r->al, tc__mul(n, sizeof *at));
	if (!at)
		return tc__ptx_oom(r);
	for (size_t k = 0; k < n; k++) {
		at[k][0] = r->dslots[k].off;
		at[k][1] = (int64_t)k;
	}
	qsort(at, n, sizeof *at, cmp_slot_at);
	int64_t end = INT64_MIN;
	for (size_t k = 0; k < n && r->depot_ok; k++) {
		const dslot *x = &r->dslots[at[k][1]];
		if (x->off < end)
			r->depot_ok = false;
		if (x->off + (int64_t)x->size > end)
			end = x->off + (int64_t)x->size;
	}
	tc__free(&r->al, at);
	return TC_OK;
}

/* the label just defined names a .branchtargets list */
static int parse_targets(reader *r)
{
	tok d = r->t;
	if (!r->last_was_label)
		return tc__ptx_err(r, d.line, d.col, "'.branchtargets' must follow a label");
	plabel *l = &r->lab[r->last_label];
	nslot *e = tc__ptx_nmap_put(&r->ar, &r->tables, l->s, l->len);
	if (!e)
		return tc__ptx_oom(r);
	e->tag = 1;
	e->val = (uint32_t)r->ntlabels;
	tc__ptx_next(r);
	for (;;) {
		if (r->t.kind != T_IDENT)
			return tc__ptx_expected(r, "a label");
		if (tc__ptx_add_ref(r, &r->tlabels, &r->ntlabels, &r->tlabels_cap, &r->t))
			return r->rc;
		tc__ptx_next(r);
		if (!tc__ptx_is_p(r, ','))
			break;
		tc__ptx_next(r);
	}
	e = tc__ptx_nmap_find(&r->tables, l->s, l->len, tc__hash_bytes(l->s, l->len));
	e->aux = (uint32_t)r->ntlabels - e->val;
	r->last_was_label = false;
	return tc__ptx_semicolon(r);
}

static int define_label(reader *r, const tok *name)
{
	nslot *e = tc__ptx_nmap_put(&r->ar, &r->labels, name->s, name->len);
	if (!e)
		return tc__ptx_oom(r);
	if (e->tag != 0xff)
		return tc__ptx_err(r, name->line, name->col,
				   "label " TOKF " is defined twice (first on line %u)", TOKA(*name),
				   e->aux);
	if (tc__ptx_grow(r, &r->lab, &r->lab_cap, r->nlab + 1, sizeof *r->lab))
		return r->rc;
	e->tag = 1;
	e->val = (uint32_t)r->nlab;
	e->aux = name->line;
	r->lab[r->nlab] = (plabel){name->s, name->len, r->npos, false, TC_NONE};
	if (r->want_dwarf) { /* for .debug_info's labels of code */
		nslot *g = tc__ptx_nmap_put(&r->ar, &r->all_labels, name->s, name->len);
		if (!g)
			return tc__ptx_oom(r);
		g->tag = g->tag == 0xff ? 1 : 2;
		g->val = r->fidx;
		g->aux = r->npos;
	}
	r->last_label = (uint32_t)r->nlab++;
	r->last_was_label = true;
	r->ndfs = 0; /* a way in: what call slots hold is not known */
	return TC_OK;
}

static int body(reader *r, tok open)
{
	uint32_t depth = r->depth = 1;
	tc__ptx_next(r);
	/* parameters passed in registers: unknown values */
	r->cur_lane = tc__ptx_no_lane;
	for (size_t k = 0; k < r->reg_params.len; k++) {
		r->rd.len = 0;
		if (!r->f->entry && (tc__ptx_push(r, &r->pv_rec, (uint32_t)r->rec.def.len) ||
				     tc__ptx_push(r, &r->pv_index, r->reg_param_index.v[k]) ||
				     tc__ptx_push(r, &r->pv_off, 0)))
			return r->rc;
		if (tc__ptx_emit(r, r->reg_params.v[k], TC_UA_SOURCE, TC_NONE))
			return r->rc;
	}
	if (r->reg_params.len) {
		if (tc__ptx_push(r, &r->pos_rec, r->f->rec0))
			return r->rc;
		r->npos++;
	}
	while (!r->rc) {
		tok t = r->t;
		if (t.kind == T_END)
			return tc__ptx_err(r, open.line, open.col, "'{' of function '%.*s' has no matching '}'",
					   (int)(r->f->nlen > 60 ? 60 : r->f->nlen), r->f->name);
		if (tc__ptx_is_p(r, '{')) {
			if (depth > MAX_DEPTH)
				return tc__ptx_err(r, t.line, t.col,
						   "more than %d '{ }' scopes nested in a function body",
						   MAX_DEPTH);
			r->depth = ++depth;
			tc__ptx_next(r);
			continue;
		}
		if (tc__ptx_is_p(r, '}')) {
			tc__ptx_next(r);
			tc__ptx_end_scope(r, depth);
			r->depth = --depth;
			if (depth == 0)
				return end_function(r);
			continue;
		}
		if (tc__ptx_is_p(r, ';')) {
			tc__ptx_next(r);
			continue;
		}
		if (tc__ptx_is_p(r, '@')) {
			tc__ptx_next(r);
			bool neg = tc__ptx_is_p(r, '!');
			if (neg)
				tc__ptx_next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] == '.' ||
			    (r->t.s[0] == '%' && r->t.len < 2))
				return tc__ptx_expected(r, "a predicate register after '@'");
			uint32_t g = tc__ptx_reg_lookup(r, &r->t);
			if (g == TC_NONE)
				return tc__ptx_err(r, r->t.line, r->t.col, "register " TOKF " is not declared",
						   TOKA(r->t));
			tc__ptx_next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] == '.')
				return tc__ptx_expected(r, "an instruction after the guard");
			tok op = r->t;
			tc__ptx_next(r);
			r->guard_neg = neg;
			int irc = tc__ptx_instruction(r, op, g, t);
			r->guard_neg = false;
			if (irc)
				return r->rc;
			continue;
		}
		if (t.kind != T_IDENT)
			return tc__ptx_expected(r, "an instruction");
		if (t.s[0] == '.') {
			if (tc__ptx_is_word(&t, ".reg")) {
				if (tc__ptx_parse_reg_decl(r))
					return r->rc;
			} else if (tc__ptx_is_word(&t, ".loc")) {
				if (tc__ptx_parse_loc(r))
					return r->rc;
			} else if (tc__ptx_is_word(&t, ".pragma")) {
				tc__ptx_next(r);
				if (r->t.kind != T_STR)
					return tc__ptx_expected(r, "a string");
				tc__ptx_next(r);
				while (tc__ptx_is_p(r, ',')) {
					tc__ptx_next(r);
					tc__ptx_next(r);
				}
				if (tc__ptx_semicolon(r))
					return r->rc;
			} else if (tc__ptx_is_word(&t, ".local")) {
				size_t before = r->lsyms.len;
				if (tc__ptx_skip_decl(r, &r->lsyms))
					return r->rc;
				uint32_t al = r->decl_align ? r->decl_align : 1;
				if (!r->f->local_align || al < r->f->local_align)
					r->f->local_align = al;
				if (++r->f->nlocal == 1 && r->lsyms.len > before) {
					r->f->depot = r->decl_name.s;
					r->f->depot_len = r->decl_name.len;
				}
			} else if (tc__ptx_is_word(&t, ".param")) {
				/* a parameter of a call: a slot */
				tc__ptx_next(r);
				while (r->t.kind == T_IDENT && r->t.s[0] == '.') { /* .align 4 .b8 */
					bool align = tc__ptx_is_word(&r->t, ".align");
					tc__ptx_next(r);
					if (align && r->t.kind == T_NUM)
						tc__ptx_next(r);
				}
				if (tc__ptx_is_p(r, ';')) { /* nothing declared */
					tc__ptx_next(r);
					continue;
				}
				if (r->t.kind != T_IDENT)
					return tc__ptx_expected(r, "a parameter name");
				tok name = r->t;
				tc__ptx_next(r);
				while (!tc__ptx_is_p(r, ';') && r->t.kind != T_END) /* [8] */
					tc__ptx_next(r);
				nslot *e = tc__ptx_nmap_put(&r->ar, &r->scoped, name.s, name.len);
				if (!e)
					return tc__ptx_oom(r);
				/* a register of its own each time it is declared
				 * (each call's arguments are apart) */
				e->tag = 1;
				e->val = tc__ptx_new_reg(r);
				e->aux = 0;
				if (e->val == TC_NONE)
					return r->rc;
				if (tc__ptx_semicolon(r))
					return r->rc;
			} else if (tc__ptx_is_word(&t, ".shared") || tc__ptx_is_word(&t, ".global") ||
				   tc__ptx_is_word(&t, ".const") || tc__ptx_is_word(&t, ".tex") ||
				   tc__ptx_is_word(&t, ".calltargets") ||
				   tc__ptx_is_word(&t, ".callprototype") || tc__ptx_is_word(&t, ".maxnreg")) {
				if (tc__ptx_skip_decl(r, NULL))
					return r->rc;
			} else if (tc__ptx_is_word(&t, ".branchtargets")) {
				if (parse_targets(r))
					return r->rc;
			} else {
				return tc__ptx_err(r, t.line, t.col,
						   "unknown directive " TOKF " in a function body", TOKA(t));
			}
			r->last_was_label = r->last_was_label && tc__ptx_is_word(&t, ".loc");
			continue;
		}
		tc__ptx_next(r);
		if (tc__ptx_is_p(r, ':')) {
			if (t.s[0] == '%')
				return tc__ptx_err(r, t.line, t.col, "a label that begins with '%%' is not "
							     "supported (rename it)");
			tc__ptx_next(r);
			if (define_label(r, &t))
				return r->rc;
			continue;
		}
		if (tc__ptx_instruction(r, t, TC_NONE, t))
			return r->rc;
	}
	return r->rc;
}

int tc__ptx_function(reader *r)
{
	bool entry = tc__ptx_is_word(&r->t, ".entry");
	tc__ptx_next(r);
	start_function(r);
	if (!entry && tc__ptx_is_p(r, '(') && parse_params(r, P_RET))
		return r->rc;
	if (r->t.kind != T_IDENT || r->t.s[0] == '.' || r->t.s[0] == '%')
		return tc__ptx_expected(r, "a function name");
	tok name = r->t;
	tc__ptx_next(r);
	if (tc__ptx_is_p(r, '(') && parse_params(r, entry ? P_KERNEL : P_FUNC))
		return r->rc;
	/* performance directives: .maxntid 256, 1, 1 / .reqntid / .noreturn ...;
	 * .reqntid's size is the block's, for the warp's view; .maxntid's
	 * product the most threads a block has */
	uint32_t reqntid[3] = {0, 0, 0};
	uint64_t maxntid = 0;
	while (r->t.kind == T_IDENT && r->t.s[0] == '.') {
		if (tc__ptx_is_word(&r->t, ".pragma")) {
			tc__ptx_next(r);
			if (r->t.kind != T_STR)
				return tc__ptx_expected(r, "a string");
			tc__ptx_next(r);
			if (tc__ptx_semicolon(r))
				return r->rc;
			continue;
		}
		static const char *const perf[] = {".maxntid", ".reqntid", ".minnctapersm",
						   ".maxnctapersm", ".maxnreg", ".noreturn",
						   ".explicitcluster", ".reqnctapercluster",
						   ".maxclusterrank", ".blocksareclusters"};
		bool known = false;
		for (size_t i = 0; i < sizeof perf / sizeof *perf; i++)
			known |= tc__ptx_is_word(&r->t, perf[i]);
		if (!known)
			return tc__ptx_err(r, r->t.line, r->t.col,
					   "unknown directive " TOKF " after a function's parameters",
					   TOKA(r->t));
		bool req = tc__ptx_is_word(&r->t, ".reqntid");
		bool max = tc__ptx_is_word(&r->t, ".maxntid");
		tc__ptx_next(r);
		int64_t v;
		if (max)
			maxntid = 1;
		for (int d = 0; r->t.kind == T_NUM || tc__ptx_is_p(r, ','); tc__ptx_next(r)) {
			bool num = r->t.kind == T_NUM && tc__ptx_int_value(&r->t, &v) && v > 0 &&
				   v < 65536;
			if (req && r->t.kind == T_NUM && d < 3)
				reqntid[d++] = num ? (uint32_t)v : 0;
			if (max && r->t.kind == T_NUM)
				maxntid = num && maxntid < 65536 ? maxntid * (uint64_t)v : 0;
		}
		for (int d = 1; req && d < 3; d++)
			reqntid[d] = !reqntid[0] ? 0 : reqntid[d] ? reqntid[d] : 1;
	}
	nslot *e = tc__ptx_nmap_put(&r->ar, &r->fnames, name.s, name.len);
	if (!e)
		return tc__ptx_oom(r);
	if (tc__ptx_is_p(r, ';')) { /* a declaration */
		tc__ptx_next(r);
		if (e->tag == 0xff) {
			e->tag = 1;
			e->val = TC_NONE; /* no body (yet) */
		}
		return r->rc;
	}
	if (!tc__ptx_is_p(r, '{'))
		return tc__ptx_expected(r, "'{' or ';' after the function's declaration");
	if (e->tag != 0xff && e->val != TC_NONE)
		return tc__ptx_err(r, name.line, name.col, "function " TOKF " is defined twice", TOKA(name));
	if (tc__ptx_grow(r, &r->fn, &r->fn_cap, r->nfn + 1, sizeof *r->fn))
		return r->rc;
	e->tag = 1;
	e->val = (uint32_t)r->nfn;
	r->fidx = (uint32_t)r->nfn;
	r->f = &r->fn[r->nfn++];
	*r->f = (pfunc){.name = name.s,
			.nlen = name.len,
			.entry = entry,
			.rec0 = (uint32_t)r->rec.def.len,
			.item0 = (uint32_t)r->nitems};
	if (entry) {
		memcpy(r->f->reqntid, reqntid, sizeof reqntid);
		r->f->maxntid = maxntid < UINT32_MAX ? (uint32_t)maxntid : 0;
	}
	r->f->nparams = r->nparams;
	r->f->pv0 = r->f->pv1 = (uint32_t)r->pv_rec.len;
	r->f->ret0 = r->f->ret1 = (uint32_t)r->ret_rec.len;
	r->f->call0 = r->f->call1 = (uint32_t)r->ncalls;
	r->f->df0 = r->f->df1 = (uint32_t)r->ndf;
	return body(r, r->t);
}
