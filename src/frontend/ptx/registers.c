/*
 * registers.c - the PTX reader's registers (ptx.h): special registers,
 * .reg declarations and their scopes, register operands, and the records an
 * instruction makes, one per register written (analysis/ssa.h), with the
 * stack and parameter slots read and written like registers.
 */
#include "frontend/ptx/ptx.h"

#include <stdio.h>
#include <string.h>

/* ---- special registers (SPEC 3.2) ------------------------------------- */


int tc__ptx_sreg_kind(const tok *t)
{
	static const char *const div[] = {"%tid.x", "%tid.y", "%tid.z", "%tid", "%laneid",
					  "%warpid", "%lanemask_eq", "%lanemask_le",
					  "%lanemask_lt", "%lanemask_ge", "%lanemask_gt"};
	static const char *const clk[] = {"%clock", "%clock_hi", "%clock64", "%globaltimer",
					  "%globaltimer_lo", "%globaltimer_hi"};
	static const char *const uni[] = {"%nwarpid", "%smid", "%nsmid", "%gridid",
					  "%total_smem_size", "%aggr_smem_size",
					  "%dynamic_smem_size", "%current_graph_exec",
					  "%is_explicit_cluster", "%cluster_ctarank",
					  "%cluster_nctarank", "WARP_SZ", "%WARP_SZ"};
	static const char *const uni_prefix[] = {"%ntid", "%ctaid", "%nctaid", "%envreg",
						 "%clusterid", "%nclusterid", "%cluster_ctaid",
						 "%cluster_nctaid", "%reserved_smem_offset_"};
	for (size_t i = 0; i < sizeof div / sizeof *div; i++)
		if (tc__ptx_is_word(t, div[i]))
			return SR_DIVERGENT;
	for (size_t i = 0; i < sizeof clk / sizeof *clk; i++)
		if (tc__ptx_is_word(t, clk[i]))
			return SR_CLOCK;
	if (tc__ptx_starts(t, "%pm") && t->len > 3 && tc__ptx_is_digit((unsigned char)t->s[3]))
		return SR_CLOCK;
	for (size_t i = 0; i < sizeof uni / sizeof *uni; i++)
		if (tc__ptx_is_word(t, uni[i]))
			return SR_UNIFORM;
	for (size_t i = 0; i < sizeof uni_prefix / sizeof *uni_prefix; i++)
		if (tc__ptx_starts(t, uni_prefix[i]))
			return SR_UNIFORM;
	return SR_NONE;
}

/* ---- registers ------------------------------------------------------------ */

/* the tag of a name in r->regs: one register, or a range "%r<N>" */
enum { TAG_REG = 1, TAG_RANGE };

/* A register of the function: its id, TC_NONE when t names none. */
uint32_t tc__ptx_reg_lookup(reader *r, const tok *t)
{
	size_t n = t->len, k = n;
	while (k > 0 && tc__ptx_is_digit((unsigned char)t->s[k - 1]))
		k--;
	if (k < n && k > 0 && (t->s[k] != '0' || k + 1 == n) && n - k <= 9) {
		uint32_t x = 0;
		for (size_t i = k; i < n; i++)
			x = x * 10 + (uint32_t)(t->s[i] - '0');
		unsigned c = (unsigned)(k * 7 + (unsigned char)t->s[k - 1]) & 7;
		if (r->pcache[c].gen == r->regs.gen && r->pcache[c].len == k &&
		    memcmp(r->pcache[c].s, t->s, k) == 0) {
			if (x < r->pcache[c].count)
				return r->pcache[c].base + x;
		} else {
			nslot *e = tc__ptx_nmap_find(&r->regs, t->s, k, tc__hash_bytes(t->s, k));
			if (e && e->tag == TAG_RANGE) {
				r->pcache[c].s = e->s;
				r->pcache[c].len = e->len;
				r->pcache[c].base = e->val;
				r->pcache[c].count = e->aux;
				r->pcache[c].gen = r->regs.gen;
				if (x < e->aux)
					return e->val + x;
			}
		}
	}
	nslot *e = tc__ptx_nmap_find(&r->regs, t->s, n, tc__hash_bytes(t->s, n));
	return e && e->tag == TAG_REG ? e->val : TC_NONE;
}

/* Whether t names a register: %-names, and names that .reg declared
 * without one (inline assembly's "{ .reg .pred p; ... @p ... }"). */
bool tc__ptx_is_reg_tok(reader *r, const tok *t)
{
	return t->kind == T_IDENT &&
	       (t->s[0] == '%' || (r->bare_regs && tc__ptx_reg_lookup(r, t) != TC_NONE));
}

/* A new register (a stack or parameter slot, a condition). */
uint32_t tc__ptx_new_reg(reader *r)
{
	if (r->nregs >= MAX_REGS) {
		tc__ptx_err(r, r->t.line, r->t.col, "too many registers in one function");
		return TC_NONE;
	}
	if (tc__ptx_grow(r, &r->dbase, &r->dbase_cap, (size_t)r->nregs + 1, 1) ||
	    tc__ptx_grow(r, &r->duse, &r->duse_cap, (size_t)r->nregs + 1, 1))
		return TC_NONE;
	r->dbase[r->nregs] = 0;
	r->duse[r->nregs] = 0;
	return r->nregs++;
}

int tc__ptx_declare_reg(reader *r, const tok *name, uint32_t count, bool range)
{
	uint32_t old = range ? TC_NONE : tc__ptx_reg_lookup(r, name);
	nslot *e = tc__ptx_nmap_put(&r->ar, &r->regs, name->s, name->len);
	if (!e)
		return tc__ptx_oom(r);
	bool declared = e->tag == TAG_REG || e->tag == TAG_RANGE;
	if ((declared && e->depth == r->depth) ||
	    (!declared && old != TC_NONE && r->depth <= 1))
		return tc__ptx_err(r, name->line, name->col, "register " TOKF " is declared twice",
				   TOKA(*name));
	if (r->depth > 1) { /* hidden or new until the scope ends */
		if (tc__ptx_grow(r, &r->shadows, &r->shadows_cap, r->nshadows + 1, sizeof *r->shadows))
			return r->rc;
		r->shadows[r->nshadows++] = (struct shadow){e->s, e->len, e->val, e->aux, e->depth,
							    r->depth, declared ? e->tag : 0};
	}
	memset(r->pcache, 0, sizeof r->pcache); /* what a prefix names may change */
	if (name->len && name->s[0] != '%')
		r->bare_regs = true;
	e->depth = r->depth;
	if (count > MAX_REGS - r->nregs)
		return tc__ptx_err(r, name->line, name->col, "too many registers in one function");
	e->tag = range ? TAG_RANGE : TAG_REG;
	e->val = r->nregs;
	e->aux = count;
	if (tc__ptx_grow(r, &r->dbase, &r->dbase_cap, (size_t)r->nregs + count, 1) ||
	    tc__ptx_grow(r, &r->duse, &r->duse_cap, (size_t)r->nregs + count, 1))
		return r->rc;
	if (count) {
		memset(r->dbase + r->nregs, 0, count);
		memset(r->duse + r->nregs, 0, count);
	}
	r->nregs += count;
	return TC_OK;
}

/* At the '}' of scope depth: the registers its declarations hid are seen
 * again, those it declared are gone. */
void tc__ptx_end_scope(reader *r, uint32_t depth)
{
	while (r->nshadows > 0 && r->shadows[r->nshadows - 1].scope == depth) {
		struct shadow *x = &r->shadows[--r->nshadows];
		nslot *e = tc__ptx_nmap_find(&r->regs, x->s, x->len, tc__hash_bytes(x->s, x->len));
		if (e) {
			e->tag = x->tag;
			e->val = x->val;
			e->aux = x->aux;
			e->depth = x->depth;
		}
		memset(r->pcache, 0, sizeof r->pcache);
	}
}

/* .reg [.v2 ...] .type name[<N>], ... ; */
int tc__ptx_parse_reg_decl(reader *r)
{
	tc__ptx_next(r);
	while (r->t.kind == T_IDENT && r->t.s[0] == '.')
		tc__ptx_next(r);
	if (tc__ptx_is_p(r, ';')) { /* declares nothing */
		tc__ptx_next(r);
		return TC_OK;
	}
	for (;;) {
		if (r->t.kind != T_IDENT || r->t.s[0] == '.')
			return tc__ptx_expected(r, "a register name");
		tok name = r->t;
		tc__ptx_next(r);
		if (tc__ptx_is_p(r, '<')) {
			tc__ptx_next(r);
			int64_t n;
			tok at = r->t;
			if (r->t.kind != T_NUM || !tc__ptx_int_value(&r->t, &n))
				return tc__ptx_expected(r, "a register count");
			if (n < 0 || n > (int64_t)MAX_REGS)
				return tc__ptx_err(r, at.line, at.col,
						   "a register range holds at most %u registers", MAX_REGS);
			tc__ptx_next(r);
			if (tc__ptx_expect_p(r, '>', "'>'") || tc__ptx_declare_reg(r, &name, (uint32_t)n, true))
				return r->rc;
		} else if (tc__ptx_declare_reg(r, &name, 1, false)) {
			return r->rc;
		}
		if (!tc__ptx_is_p(r, ','))
			break;
		tc__ptx_next(r);
	}
	return tc__ptx_semicolon(r);
}

/* ---- records ---------------------------------------------------------- */

/* nothing known for the warp's view (lanes.h) */
const tc_lane_op tc__ptx_no_lane = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};

/* A record: instruction writing def (TC_NONE: none) and reading r->rd;
 * with the warp's view wanted, r->cur_lane is what it computes. */
int tc__ptx_emit(reader *r, uint32_t def, uint8_t kind, uint32_t src)
{
	vecs *v = &r->rec;
	size_t n = v->def.len;
	if (n >= UINT32_MAX - 2 || v->op.len + r->rd.len >= UINT32_MAX - 2)
		return tc__ptx_too_large(r);
	if (tc__ptx_grow(r, &v->kind, &v->kind_cap, n + 1, 1) || tc__ptx_push(r, &v->def, def) ||
	    tc__ptx_push(r, &v->src, src) || tc__ptx_push(r, &v->opoff, (uint32_t)v->op.len))
		return r->rc;
	if (tc__ptx_grow(r, &r->lane, &r->lane_cap, n + 1, sizeof *r->lane))
		return r->rc;
	r->lane[n] = r->cur_lane;
	v->kind[n] = kind;
	if (tc__ptx_grow(r, &v->op.v, &v->op.cap, v->op.len + r->rd.len, sizeof *v->op.v))
		return r->rc;
	if (r->rd.len)
		memcpy(v->op.v + v->op.len, r->rd.v, r->rd.len * sizeof *r->rd.v);
	v->op.len += r->rd.len;
	return TC_OK;
}

/* where the registers record i reads end in rec.op */
uint32_t tc__ptx_op_end(const reader *r, uint32_t i)
{
	return i + 1 < r->rec.opoff.len ? r->rec.opoff.v[i + 1] : (uint32_t)r->rec.op.len;
}

/* A divergence source check can name: its text, kept in the module. */
uint32_t tc__ptx_add_source(reader *r, const char *what, size_t len, ploc loc)
{
	const char *kept = tc__module_string(r->out, what, len);
	if (!kept || tc__ptx_grow(r, &r->srcs, &r->srcs_cap, r->nsrcs + 1, sizeof *r->srcs)) {
		tc__ptx_oom(r);
		return TC_NONE;
	}
	r->srcs[r->nsrcs] = (psource){kept, loc};
	return (uint32_t)r->nsrcs++;
}

/* ---- register operands, slots, the records of an instruction ------------------ */

/* A register operand at t: its id; TC_NONE for a special register (noted
 * in r->div_sreg / impure_sreg) or after an error. */
uint32_t tc__ptx_reg_operand(reader *r, const tok *t)
{
	uint32_t id = tc__ptx_reg_lookup(r, t);
	if (id != TC_NONE)
		return id;
	switch (tc__ptx_sreg_kind(t)) {
	case SR_DIVERGENT:
		if (!r->div_sreg) {
			r->div_sreg = t->s;
			r->div_len = t->len;
		}
		if (tc__ptx_is_word(t, "%tid.x") || tc__ptx_is_word(t, "%tid.y") ||
		    tc__ptx_is_word(t, "%tid.z"))
			r->tid_dims |= (uint8_t)(1u << (t->s[5] - 'x'));
		else
			r->other_sreg = true;
		return TC_NONE;
	case SR_CLOCK:
		r->other_sreg = true;
		r->impure_sreg = true;
		if (!r->div_sreg) {
			r->div_sreg = t->s;
			r->div_len = t->len;
		}
		return TC_NONE;
	case SR_UNIFORM:
		return TC_NONE;
	default:
		tc__ptx_err(r, t->line, t->col, "register " TOKF " is not declared", TOKA(*t));
		return TC_NONE;
	}
}

/* The slot register for a depot offset (a new one the first time). A load
 * of fewer bytes than the slot at its offset reads its low bytes (PTX is
 * little-endian): *part is set. */
uint32_t tc__ptx_depot_slot(reader *r, int64_t off, uint32_t size, bool load, bool *part)
{
	*part = false;
	for (size_t i = 0; i < r->ndslots; i++) /* few slots per function */
		if (r->dslots[i].off == off) {
			if (load && size < r->dslots[i].size) {
				*part = true;
			} else if (r->dslots[i].size != size) {
				r->depot_ok = false;
				r->dslots[i].mixed = r->dslots[i].mixed || (load && size > r->dslots[i].size);
			}
			return r->dslots[i].reg;
		}
	if (tc__ptx_grow(r, &r->dslots, &r->dslots_cap, r->ndslots + 1, sizeof *r->dslots))
		return TC_NONE;
	uint32_t reg = tc__ptx_new_reg(r);
	r->dslots[r->ndslots++] = (dslot){off, size, reg, false};
	return reg;
}

/* The slot register a .param name of the body stands for, or TC_NONE. */
uint32_t tc__ptx_param_slot(reader *r, const char *s, uint32_t len, nslot **slot)
{
	nslot *e = tc__ptx_nmap_find(&r->scoped, s, len, tc__hash_bytes(s, len));
	*slot = e;
	return e ? e->val : TC_NONE;
}

/* records for each register the instruction writes (defs), reading r->rd
 * and, when guarded, the guard and the register's old value */
int tc__ptx_emit_defs(reader *r, const uint32_t *defs, uint32_t ndefs, uint32_t guard,
		      uint8_t kind, uint32_t src)
{
	size_t base = r->rd.len;
	if (guard != TC_NONE) /* a guarded write: lanes.h knows nothing of it */
		r->cur_lane = tc__ptx_no_lane;
	if (guard != TC_NONE && tc__ptx_push(r, &r->rd, guard))
		return r->rc;
	for (uint32_t k = 0; k < ndefs; k++) {
		if (defs[k] == TC_NONE)
			continue;
		if (guard != TC_NONE && tc__ptx_push(r, &r->rd, defs[k]))
			return r->rc;
		if (tc__ptx_emit(r, defs[k], kind, src))
			return r->rc;
		if (guard != TC_NONE)
			r->rd.len--;
	}
	r->rd.len = base;
	r->cur_lane = tc__ptx_no_lane;
	return TC_OK;
}

/* The registers the first operand writes (in r->oregs order), into defs. */
uint32_t tc__ptx_first_defs(reader *r, const opnd *o, uint32_t *one, const uint32_t **defs)
{
	switch (o->k) {
	case O_REG:
		*one = o->reg;
		*defs = one;
		return o->reg == TC_NONE ? 0 : 1;
	case O_VEC:
	case O_PAIR:
		*defs = o->nr ? r->oregs.v + o->r0 : NULL;
		return o->nr;
	default:
		*defs = NULL;
		return 0;
	}
}

/* every register read but the depot's address: the depot escapes */
void tc__ptx_check_escape(reader *r, size_t from)
{
	for (size_t k = from; k < r->rd.len; k++)
		if (r->dbase[r->rd.v[k]])
			r->depot_ok = false;
}

/* A divergence source for the special register s (n bytes). */
uint32_t tc__ptx_sreg_named(reader *r, const char *s, size_t n, ploc loc)
{
	char buf[64];
	int len;
	if (n == 6 && memcmp(s, "%tid.", 5) == 0)
		len = snprintf(buf, sizeof buf, "threadIdx.%c", s[5]);
	else
		len = snprintf(buf, sizeof buf, "%.*s", (int)(n < 40 ? n : 40), s);
	return tc__ptx_add_source(r, buf, (size_t)len, loc);
}

uint32_t tc__ptx_sreg_source(reader *r, ploc loc)
{
	return r->div_sreg ? tc__ptx_sreg_named(r, r->div_sreg, r->div_len, loc) : TC_NONE;
}

