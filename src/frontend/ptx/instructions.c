/*
 * instructions.c - the PTX reader's instructions (ptx.h): operands, the
 * opcodes it knows, and each instruction as the records of the registers it
 * writes and, where it shapes the graph, an item: a branch, a return, a
 * barrier, a call, a warp collective (docs/ptx.md, "Collectives").
 */
#include "frontend/ptx/ptx.h"

#include <string.h>

/* ---- items ----------------------------------------------------------------- */

/* Where the instruction at t is: its .loc, else t; its function and index. */
static ploc here(const reader *r, const tok *t)
{
	ploc l = r->have_loc ? r->cur_loc : (ploc){0, t->line, t->col, 0, 0, 0};
	l.fn = r->fidx;
	l.pos = r->npos;
	return l;
}

static int add_item(reader *r, uint8_t op, uint32_t cond, uint32_t target, bool pred,
		    uint32_t guard, ploc loc)
{
	if (tc__ptx_grow(r, &r->items, &r->items_cap, r->nitems + 1, sizeof *r->items))
		return r->rc;
	r->items[r->nitems++] =
	    (item){r->npos, cond, target, guard, TC_NONE, op, pred, pred && r->guard_neg, loc};
	return TC_OK;
}

int tc__ptx_add_ref(reader *r, lref **v, size_t *n, size_t *cap, const tok *t)
{
	if (tc__ptx_grow(r, v, cap, *n + 1, sizeof **v))
		return r->rc;
	(*v)[(*n)++] = (lref){t->s, t->len, t->line, t->col, TC_NONE, 0};
	return TC_OK;
}

/* ---- operands --------------------------------------------------------------- */

static int oreg(reader *r, uint32_t id)
{
	return id == TC_NONE ? TC_OK : tc__ptx_push(r, &r->oregs, id);
}

/* [ ... ]: the registers inside, the first register or name as the base and
 * the constant offset; simple when it is base, base+imm or base-imm. */
static int parse_address(reader *r, opnd *o)
{
	o->k = O_ADDR;
	o->r0 = (uint32_t)r->oregs.len;
	o->base = TC_NONE;
	o->sym = NULL;
	o->off = 0;
	o->simple = true;
	tc__ptx_next(r);
	uint32_t terms = 0;
	int sign = 1;
	while (!tc__ptx_is_p(r, ']')) {
		if (r->t.kind == T_END)
			return tc__ptx_expected(r, "']'");
		if (tc__ptx_is_reg_tok(r, &r->t)) {
			uint32_t id = tc__ptx_reg_operand(r, &r->t);
			if (r->rc || oreg(r, id))
				return r->rc;
			if (terms == 0 && id != TC_NONE)
				o->base = id;
			else
				o->simple = false;
			terms++;
		} else if (r->t.kind == T_IDENT) {
			if (terms == 0) {
				o->sym = r->t.s;
				o->slen = r->t.len;
			} else {
				o->simple = false;
			}
			terms++;
		} else if (r->t.kind == T_NUM) {
			int64_t v;
			if (tc__ptx_int_value(&r->t, &v) && terms > 0)
				o->off += sign * v;
			else
				o->simple = false;
			sign = 1;
		} else if (tc__ptx_is_p(r, '+')) {
			;
		} else if (tc__ptx_is_p(r, '-')) {
			sign = -sign;
		} else if (tc__ptx_is_p(r, '{')) { /* tex: [t, {%f1, %f2}] */
			o->simple = false;
		} else if (tc__ptx_is_p(r, '}') || tc__ptx_is_p(r, ',')) {
			o->simple = false;
		} else {
			return tc__ptx_expected(r, "an address");
		}
		tc__ptx_next(r);
	}
	tc__ptx_next(r);
	if (terms != 1)
		o->simple = false;
	o->nr = (uint32_t)r->oregs.len - o->r0;
	return r->rc;
}

/* The operands up to ';' into r->ops. */
static int parse_operands(reader *r)
{
	r->nops = 0;
	r->oregs.len = 0;
	r->nolist = 0;
	if (tc__ptx_is_p(r, ';')) {
		tc__ptx_next(r);
		return TC_OK;
	}
	for (;;) {
		if (tc__ptx_grow(r, &r->ops, &r->ops_cap, r->nops + 1, sizeof *r->ops))
			return r->rc;
		opnd *o = &r->ops[r->nops];
		memset(o, 0, sizeof *o);
		o->at = r->t;
		o->reg = TC_NONE;
		bool sink = tc__ptx_is_word(&r->t, "_");
		if (tc__ptx_is_reg_tok(r, &r->t) || sink) {
			o->k = sink ? O_SINK : O_REG;
			o->reg = sink ? TC_NONE : tc__ptx_reg_operand(r, &r->t);
			tc__ptx_next(r);
			if (tc__ptx_is_p(r, '|')) { /* setp's second result; either may be
					     * the sink: elect.sync _|%p */
				tc__ptx_next(r);
				bool sink2 = tc__ptx_is_word(&r->t, "_");
				if (!tc__ptx_is_reg_tok(r, &r->t) && !sink2)
					return tc__ptx_expected(r, "a predicate register");
				uint32_t q = sink2 ? TC_NONE : tc__ptx_reg_operand(r, &r->t);
				o->k = O_PAIR;
				o->r0 = (uint32_t)r->oregs.len;
				if (tc__ptx_push(r, &r->oregs, o->reg) || tc__ptx_push(r, &r->oregs, q))
					return r->rc;
				o->nr = (uint32_t)r->oregs.len - o->r0;
				tc__ptx_next(r);
			}
		} else if (tc__ptx_is_p(r, '!')) {
			tc__ptx_next(r);
			if (!tc__ptx_is_reg_tok(r, &r->t))
				return tc__ptx_expected(r, "a predicate register after '!'");
			o->k = O_NOT;
			o->reg = tc__ptx_reg_operand(r, &r->t);
			tc__ptx_next(r);
		} else if (r->t.kind == T_IDENT) {
			o->k = O_SYM;
			o->simple = true;
			o->sym = r->t.s;
			o->slen = r->t.len;
			tc__ptx_fn_ref(r, o->sym, o->slen, 1);
			tc__ptx_next(r);
			while (tc__ptx_is_p(r, '+') || tc__ptx_is_p(r, '-')) { /* sym+4 */
				int64_t sign = tc__ptx_is_p(r, '-') ? -1 : 1, v = 0;
				tc__ptx_next(r);
				if (r->t.kind != T_NUM)
					return tc__ptx_expected(r, "a number");
				if (!tc__ptx_int_value(&r->t, &v))
					o->simple = false; /* O_SYM: an offset not known */
				o->off += sign * v;
				tc__ptx_next(r);
			}
		} else if (r->t.kind == T_NUM || tc__ptx_is_p(r, '-') || tc__ptx_is_p(r, '~')) {
			int sign = 1;
			while (tc__ptx_is_p(r, '-') || tc__ptx_is_p(r, '~')) {
				sign = -sign;
				tc__ptx_next(r);
			}
			if (r->t.kind != T_NUM)
				return tc__ptx_expected(r, "a number");
			o->k = O_IMM;
			o->known = tc__ptx_int_value(&r->t, &o->off);
			o->off *= sign;
			tc__ptx_next(r);
		} else if (tc__ptx_is_p(r, '[')) {
			if (parse_address(r, o))
				return r->rc;
		} else if (tc__ptx_is_p(r, '{')) {
			o->k = O_VEC;
			o->r0 = (uint32_t)r->oregs.len;
			o->vknown = 0;
			tc__ptx_next(r);
			int sign = 1;
			for (;;) {
				if (tc__ptx_is_reg_tok(r, &r->t)) {
					if (oreg(r, tc__ptx_reg_operand(r, &r->t)))
						return r->rc;
				} else if (r->t.kind == T_NUM || tc__ptx_is_word(&r->t, "_") ||
					   r->t.kind == T_IDENT) {
					if (!tc__ptx_is_word(&r->t, "_") && r->t.kind == T_IDENT)
						return tc__ptx_expected(r, "a register");
					/* an integer element: its value, for what a
					 * call's argument holds (vec_arg_store) */
					size_t e = r->oregs.len - o->r0;
					int64_t v;
					if (r->t.kind == T_NUM && e < 8 && tc__ptx_int_value(&r->t, &v)) {
						o->vknown |= (uint8_t)(1u << e);
						o->vkv[e] = sign < 0 ? (int64_t)(0 - (uint64_t)v) : v;
					}
					if (tc__ptx_push(r, &r->oregs, TC_NONE))
						return r->rc;
				} else if (tc__ptx_is_p(r, '-')) {
					tc__ptx_next(r);
					sign = -sign;
					continue;
				} else {
					return tc__ptx_expected(r, "a register");
				}
				sign = 1;
				tc__ptx_next(r);
				if (tc__ptx_is_p(r, '}'))
					break;
				if (tc__ptx_expect_p(r, ',', "',' or '}'"))
					return r->rc;
			}
			tc__ptx_next(r);
			o->nr = (uint32_t)r->oregs.len - o->r0;
		} else if (tc__ptx_is_p(r, '(')) {
			o->k = O_LIST;
			o->l0 = (uint32_t)r->nolist;
			tc__ptx_next(r);
			while (!tc__ptx_is_p(r, ')')) {
				if (r->t.kind != T_IDENT && r->t.kind != T_NUM)
					return tc__ptx_expected(r, "a parameter name");
				if (tc__ptx_is_reg_tok(r, &r->t) && oreg(r, tc__ptx_reg_operand(r, &r->t)))
					return r->rc;
				if (tc__ptx_grow(r, &r->olist, &r->olist_cap, r->nolist + 1, sizeof *r->olist))
					return r->rc;
				r->olist[r->nolist++] = r->t;
				tc__ptx_next(r);
				if (tc__ptx_is_p(r, ','))
					tc__ptx_next(r);
				else if (!tc__ptx_is_p(r, ')'))
					return tc__ptx_expected(r, "',' or ')'");
			}
			tc__ptx_next(r);
			o->nl = (uint32_t)r->nolist - o->l0;
		} else {
			return tc__ptx_expected(r, "an operand");
		}
		if (r->rc)
			return r->rc;
		r->nops++;
		if (tc__ptx_is_p(r, ','))
			tc__ptx_next(r);
		else
			return tc__ptx_semicolon(r);
	}
}

/* the registers an operand reads into r->rd (an address: all of them) */
static int reads_of(reader *r, const opnd *o)
{
	switch (o->k) {
	case O_REG:
	case O_NOT:
		return o->reg == TC_NONE ? TC_OK : tc__ptx_push(r, &r->rd, o->reg);
	case O_VEC:
	case O_PAIR:
	case O_ADDR:
		for (uint32_t k = 0; k < o->nr; k++)
			if (r->oregs.v[o->r0 + k] != TC_NONE && tc__ptx_push(r, &r->rd, r->oregs.v[o->r0 + k]))
				return r->rc;
		return TC_OK;
	default:
		return TC_OK;
	}
}

/* ---- instructions --------------------------------------------------------- */

/* whether the opcode's modifiers (".global.u32") hold mod, of k bytes
 * (".global"; also as the first part of a qualifier: ".shared::cta") */
static inline bool mod_in(const tok *op, size_t blen, const char *mod, size_t k)
{
	for (size_t i = blen; i + k <= op->len; i++)
		if (op->s[i] == '.' && memcmp(op->s + i, mod, k) == 0 &&
		    (i + k == op->len || op->s[i + k] == '.' || op->s[i + k] == ':'))
			return true;
	return false;
}
/* mod a string literal: its length known where the compiler inlines the
 * comparison (every instruction asks several) */
#define has_mod(op, blen, mod) mod_in(op, blen, "" mod, sizeof(mod) - 1)

/* what the reader knows of an opcode (its name up to the first '.') */
enum { OPF_PURE = 1, OPF_LANE = 2, OPF_NODEF = 4, OPF_COLL = 8 /* may be a collective */ };
enum { OP_OTHER, OP_BRA, OP_BRX, OP_RET, OP_TRAP, OP_BAR, OP_CALL, OP_LD, OP_ST, OP_MOV, OP_CVTA };

struct opinfo {
	const char *name;
	uint8_t len, code, flags;
};

#define OPI(n, c, f) {n, sizeof n - 1, c, f}
static const opinfo optab[] = {
    /* a function of its operands only (TC_UA_PURE) */
    OPI("add", 0, OPF_PURE), OPI("sub", 0, OPF_PURE), OPI("mul", 0, OPF_PURE),
    OPI("mad", 0, OPF_PURE), OPI("mul24", 0, OPF_PURE), OPI("mad24", 0, OPF_PURE),
    OPI("sad", 0, OPF_PURE), OPI("div", 0, OPF_PURE), OPI("rem", 0, OPF_PURE),
    OPI("abs", 0, OPF_PURE), OPI("neg", 0, OPF_PURE), OPI("min", 0, OPF_PURE),
    OPI("max", 0, OPF_PURE), OPI("popc", 0, OPF_PURE), OPI("clz", 0, OPF_PURE),
    OPI("bfind", 0, OPF_PURE), OPI("fns", 0, OPF_PURE), OPI("brev", 0, OPF_PURE),
    OPI("bfe", 0, OPF_PURE), OPI("bfi", 0, OPF_PURE), OPI("dp4a", 0, OPF_PURE),
    OPI("dp2a", 0, OPF_PURE), OPI("copysign", 0, OPF_PURE), OPI("testp", 0, OPF_PURE),
    OPI("cvt", 0, OPF_PURE), OPI("cvta", OP_CVTA, OPF_PURE), OPI("setp", 0, OPF_PURE),
    OPI("selp", 0, OPF_PURE), OPI("slct", 0, OPF_PURE), OPI("set", 0, OPF_PURE),
    OPI("and", 0, OPF_PURE), OPI("or", 0, OPF_PURE), OPI("xor", 0, OPF_PURE),
    OPI("not", 0, OPF_PURE), OPI("cnot", 0, OPF_PURE), OPI("lop3", 0, OPF_PURE),
    OPI("shf", 0, OPF_PURE), OPI("shl", 0, OPF_PURE), OPI("shr", 0, OPF_PURE),
    OPI("prmt", 0, OPF_PURE), OPI("mov", OP_MOV, OPF_PURE), OPI("rcp", 0, OPF_PURE),
    OPI("sqrt", 0, OPF_PURE), OPI("rsqrt", 0, OPF_PURE), OPI("sin", 0, OPF_PURE),
    OPI("cos", 0, OPF_PURE), OPI("lg2", 0, OPF_PURE), OPI("ex2", 0, OPF_PURE),
    OPI("tanh", 0, OPF_PURE), OPI("fma", 0, OPF_PURE), OPI("addc", 0, OPF_PURE),
    OPI("subc", 0, OPF_PURE), OPI("madc", 0, OPF_PURE), OPI("isspacep", 0, OPF_PURE),
    OPI("mapa", 0, OPF_PURE), OPI("szext", 0, OPF_PURE), OPI("bmsk", 0, OPF_PURE),
    /* results that differ between the lanes of a warp or between warps */
    OPI("vote", 0, OPF_LANE | OPF_COLL), OPI("shfl", 0, OPF_LANE | OPF_COLL),
    OPI("match", 0, OPF_LANE | OPF_COLL), OPI("redux", 0, OPF_LANE | OPF_COLL),
    OPI("activemask", 0, OPF_LANE), OPI("elect", 0, OPF_LANE),
    OPI("atom", 0, OPF_LANE),
    /* no register written, whatever the first operand is */
    OPI("st", OP_ST, OPF_NODEF), OPI("red", 0, OPF_NODEF), OPI("bar", OP_BAR, OPF_NODEF | OPF_COLL),
    OPI("barrier", OP_BAR, OPF_NODEF), OPI("bra", OP_BRA, OPF_NODEF),
    OPI("brx", OP_BRX, OPF_NODEF), OPI("call", OP_CALL, OPF_NODEF),
    OPI("ret", OP_RET, OPF_NODEF), OPI("exit", OP_RET, OPF_NODEF),
    OPI("trap", OP_TRAP, OPF_NODEF), OPI("membar", 0, OPF_NODEF), OPI("fence", 0, OPF_NODEF),
    OPI("prefetch", 0, OPF_NODEF), OPI("prefetchu", 0, OPF_NODEF),
    OPI("nanosleep", 0, OPF_NODEF), OPI("pmevent", 0, OPF_NODEF),
    OPI("setmaxnreg", 0, OPF_NODEF), OPI("griddepcontrol", 0, OPF_NODEF),
    OPI("brkpt", 0, OPF_NODEF), OPI("sust", 0, OPF_NODEF), OPI("sured", 0, OPF_NODEF),
    OPI("stmatrix", 0, OPF_NODEF), OPI("discard", 0, OPF_NODEF),
    OPI("applypriority", 0, OPF_NODEF), OPI("cp", 0, OPF_NODEF), OPI("wgmma", 0, OPF_NODEF),
    OPI("tcgen05", 0, OPF_NODEF),
    /* loads */
    OPI("ld", OP_LD, 0), OPI("ldu", OP_LD, 0),
    /* the rest of PTX ISA 8.x: results depend on the operands (and memory);
     * local memory and its addresses differ between threads */
    OPI("alloca", 0, OPF_LANE), OPI("stacksave", 0, OPF_LANE), OPI("stackrestore", 0, 0),
    OPI("createpolicy", 0, 0), OPI("getctarank", 0, 0), OPI("istypep", 0, 0),
    OPI("ldmatrix", 0, 0), OPI("movmatrix", 0, 0), OPI("mma", 0, 0), OPI("wmma", 0, 0),
    OPI("mbarrier", 0, 0), OPI("multimem", 0, 0), OPI("suld", 0, 0), OPI("suq", 0, 0),
    OPI("tex", 0, 0), OPI("tld4", 0, 0), OPI("txq", 0, 0), OPI("tensormap", 0, 0),
    OPI("vabsdiff", 0, 0), OPI("vabsdiff2", 0, 0), OPI("vabsdiff4", 0, 0), OPI("vadd", 0, 0),
    OPI("vadd2", 0, 0), OPI("vadd4", 0, 0), OPI("vavrg2", 0, 0), OPI("vavrg4", 0, 0),
    OPI("vmad", 0, 0), OPI("vmax", 0, 0), OPI("vmax2", 0, 0), OPI("vmax4", 0, 0),
    OPI("vmin", 0, 0), OPI("vmin2", 0, 0), OPI("vmin4", 0, 0), OPI("vset", 0, 0),
    OPI("vset2", 0, 0), OPI("vset4", 0, 0), OPI("vshl", 0, 0), OPI("vshr", 0, 0),
    OPI("vsub", 0, 0), OPI("vsub2", 0, 0), OPI("vsub4", 0, 0),
    OPI("clusterlaunchcontrol", 0, 0),
};
#undef OPI

/* The entry of opcode s (n bytes), NULL for no PTX instruction. A file
 * uses a few opcodes over and over: r->opcache keeps the entry each slot's
 * name found last, the slot picked by the name's first and last two
 * letters (the common opcodes each get one of their own), and the table is
 * searched on a miss only. */
static const opinfo *opcode(reader *r, const char *s, size_t n)
{
	if (n == 0)
		return NULL;
	size_t slot = ((unsigned char)s[0] * 8u + (unsigned char)s[n > 1 ? n - 2 : 0] +
		       (unsigned char)s[n - 1] * 3u) %
		      (sizeof r->opcache / sizeof *r->opcache);
	const opinfo *c = r->opcache[slot];
	if (c && c->len == n && memcmp(c->name, s, n) == 0)
		return c;
	for (size_t i = 0; i < sizeof optab / sizeof *optab; i++)
		if (optab[i].len == n && optab[i].name[0] == s[0] && memcmp(optab[i].name, s, n) == 0)
			return r->opcache[slot] = &optab[i];
	return NULL;
}

/* The size in bytes of one element of a load or store's type suffix. */
static uint32_t elem_size(const tok *op)
{
	size_t n = op->len;
	size_t k = n;
	while (k > 0 && op->s[k - 1] != '.')
		k--;
	uint32_t bits = 0;
	for (size_t i = k + 1; i < n && tc__ptx_is_digit((unsigned char)op->s[i]); i++)
		bits = bits * 10 + (uint32_t)(op->s[i] - '0');
	if (k < n && op->s[k] == 'p')
		return 1; /* .pred */
	return bits >= 8 ? bits / 8 : 4;
}

/* Whether a load or store's type suffix is signed (.s8 ... .s64). */
static bool elem_signed(const tok *op)
{
	size_t k = op->len;
	while (k > 0 && op->s[k - 1] != '.')
		k--;
	return k < op->len && op->s[k] == 's';
}

/* ---- what depot.c follows (ptx.h, DF_*) ---------------------------------- */

/* A load of size bytes into v, or a store of v (TC_NONE: the operand val),
 * at base + off or at object obj's offset off. */
static int df_mem(reader *r, bool load, uint32_t v, const opnd *val, uint32_t base, uint32_t obj,
		  int64_t off, uint32_t size, uint32_t guard)
{
	uint8_t flags = guard != TC_NONE ? DF_GUARD : 0;
	if (load)
		return v == TC_NONE ? TC_OK
				    : tc__ptx_df(r, DF_LOAD, v, base, obj, off, 0, size, flags, TC_NONE);
	int64_t c = 0;
	if (v == TC_NONE && val && val->k == O_SYM && tc__ptx_local_obj(r, val->sym, val->slen) != TC_NONE)
		return tc__ptx_df(r, DF_GIVEUP, TC_NONE, TC_NONE, TC_NONE, 0, 0, 0, 0, TC_NONE);
	if (v == TC_NONE && val && val->k == O_IMM && val->known) {
		flags |= DF_IMM;
		c = tc__ptx_sext(val->off, size < 8 ? size * 8 : 64);
	} else if (v == TC_NONE) {
		flags |= DF_ANYV;
	}
	return tc__ptx_df(r, DF_STORE, v, base, obj, off, c, size, flags, TC_NONE);
}

/* A load's records (kind), each a fact of its part: DF_LOAD of memory at
 * base plus the address's offset, or of object obj (flags DF_GENERIC:
 * through a generic address), or DF_PARAM of parameter obj of the
 * function (base TC_NONE). */
static int df_reads(reader *r, const tok *op, const uint32_t *regs, uint32_t nv, const opnd *addr,
		    uint8_t dop, uint32_t base, uint32_t obj, uint32_t guard, uint8_t kind,
		    uint8_t flags)
{
	size_t mark = r->rec.def.len;
	if (tc__ptx_emit_defs(r, regs, nv, guard, kind, TC_NONE))
		return r->rc;
	uint32_t size = elem_size(op);
	if (elem_signed(op))
		flags |= DF_SIGNED;
	for (uint32_t k = 0; k < nv; k++) {
		if (regs[k] == TC_NONE)
			continue;
		if (tc__ptx_df(r, dop, regs[k], base, obj, addr->off + (int64_t)k * size, 0, size,
			       (uint8_t)(flags | (guard != TC_NONE ? DF_GUARD : 0)), (uint32_t)mark++))
			return r->rc;
	}
	return TC_OK;
}


/* st.param of val into call slot 'slot' at offset off: a DF_ARG per part
 * (the slot is memory the callee's DF_PARAMs read). The slot's record
 * comes next. */
static int df_arg_store(reader *r, const tok *op, const opnd *val, uint32_t slot, int64_t off,
			uint32_t guard)
{
	uint32_t size = elem_size(op), n = val->k == O_VEC ? val->nr : 1;
	uint32_t rec = (uint32_t)r->rec.def.len;
	if (tc__ptx_dfs_set(r, slot, DFS_TOP, TC_NONE, 0)) /* no call's result now */
		return r->rc;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t v = val->k == O_VEC ? r->oregs.v[val->r0 + k]
			     : val->k == O_REG   ? val->reg
						 : TC_NONE;
		uint8_t flags = guard != TC_NONE ? DF_GUARD : 0;
		int64_t c = 0;
		if (v == TC_NONE && val->k == O_IMM && val->known) {
			flags |= DF_IMM;
			c = tc__ptx_sext(val->off, size < 8 ? size * 8 : 64);
		} else if (v == TC_NONE) {
			flags |= DF_ANYV;
		}
		if (tc__ptx_df(r, DF_ARG, v, slot, TC_NONE, off + (int64_t)k * size, c, size, flags,
			       rec))
			return r->rc;
	}
	return TC_OK;
}

/* st.param of val (its registers r->rd from 'from' on) into the function's
 * own result (its register ret) at offset off: a copy when whole; past its
 * first 8 bytes, a store into the result as a call slot (DF_ARG, read by
 * the callers' DF_RESULTs at an offset); else anything there, and its
 * registers used otherwise. The result's record comes next. */
static int df_result_store(reader *r, const tok *op, const opnd *val, uint32_t ret, int64_t off,
			   size_t from, uint32_t guard)
{
	uint8_t flags = guard != TC_NONE ? DF_GUARD : 0;
	size_t nval = r->rd.len - from;
	uint32_t rec = (uint32_t)r->rec.def.len;
	if (off == 0 && nval == 1 && val->k == O_REG)
		return tc__ptx_df(r, DF_ADD, ret, r->rd.v[from], TC_NONE, 0, 0, 0, flags, rec);
	uint32_t bits = elem_size(op) * 8;
	if (off == 0 && nval == 0 && val->k == O_IMM && val->known)
		return tc__ptx_df(r, DF_CONST, ret, TC_NONE, TC_NONE, 0,
				  tc__ptx_sext(val->off, bits < 64 ? bits : 64), 0, flags, rec);
	/* past the first 8 bytes (the second of a pair, a tuple's other
	 * references): the result's register as a call slot, an object its
	 * callers' DF_RESULTs read at an offset */
	if (off >= 8)
		return df_arg_store(r, op, val, ret, off, guard);
	/* within them, but not one whole register: anything there (and what
	 * the whole result is read as) */
	uint32_t n = val->k == O_VEC ? val->nr : 1;
	if (tc__ptx_df(r, DF_ARG, TC_NONE, ret, TC_NONE, off, 0, elem_size(op) * n, flags | DF_ANYV,
		       rec))
		return r->rc;
	return tc__ptx_df_uses(r, from);
}

/* ld.param of a call's result past its first 8 bytes (the callee's
 * df_result_store): what the callee stored there, per register of the
 * load, each a record from rec on. */
static int result_parts(reader *r, const tok *op, const uint32_t *regs, uint32_t nv,
			const struct dfslot *ds, int64_t off, uint8_t flags, uint32_t rec)
{
	uint32_t size = elem_size(op);
	for (uint32_t k = 0; k < nv; k++)
		if (regs[k] != TC_NONE && tc__ptx_df(r, DF_RESULT, regs[k], ds->a, ds->b,
						     off + (int64_t)k * size, 0, size, flags, rec++))
			return r->rc;
	return TC_OK;
}

/* What a record reading one register computes: a copy of it, to bits (0:
 * not known). */
static tc_lane_op copy_lane(uint8_t bits)
{
	return (tc_lane_op){TC_LOP_COPY, 0, bits, {0, TC_NONE}, TC_NONE, {0, 0}};
}

/* What a part of psize bytes stored at byte off of a call's argument
 * makes of it (before: the operand that holds it before, val: the part's;
 * TC_NONE: a constant): the bytes it replaces, where it lies within the
 * first 8 bytes or past them (graph/desc.h, TC_LOP_PART). */
static tc_lane_op arg_part(int64_t off, uint32_t psize, uint32_t before, uint32_t val)
{
	if (off <= 0 || off >= 4096 || psize == 0 || psize > 8 || (off < 8 && off + psize > 8))
		return tc__ptx_no_lane;
	return (tc_lane_op){TC_LOP_OTHER, TC_LOP_PART, 64, {before, val}, TC_NONE, {off, psize}};
}

/* st.param.vN of val into call slot 'slot' at offset off (its DF_ARG
 * facts from df_mark on): a record per element, each the slot with the
 * element's bytes replaced (a register of its own, the last one the slot,
 * whose record the facts follow), so that the bits of each part are its
 * own (analysis/affine.h). */
static int vec_arg_store(reader *r, const opnd *val, uint32_t slot, int64_t off, uint32_t psize,
			 size_t df_mark)
{
	uint32_t prev = off != 0 ? slot : TC_NONE, last = TC_NONE;
	for (uint32_t k = 0; k < val->nr; k++) {
		uint32_t vk = r->oregs.v[val->r0 + k];
		int64_t o = off + (int64_t)k * psize;
		uint32_t dst = k + 1 == val->nr ? slot : tc__ptx_new_reg(r);
		if (dst == TC_NONE)
			return r->rc;
		bool imm = vk == TC_NONE && k < 8 && ((val->vknown >> k) & 1);
		tc_lane_op kop = {TC_LOP_COPY, TC_LOP_K0, (uint8_t)(psize * 8), {TC_NONE, TC_NONE},
				  TC_NONE, {imm ? tc__ptx_sext((uint64_t)val->vkv[k], psize * 8) : 0, 0}};
		if (imm && prev != TC_NONE) { /* a constant: a register of its own */
			if ((vk = tc__ptx_new_reg(r)) == TC_NONE)
				return r->rc;
			r->rd.len = 0;
			r->cur_lane = kop;
			if (tc__ptx_emit_defs(r, &vk, 1, TC_NONE, TC_UA_PURE, TC_NONE))
				return r->rc;
		}
		r->rd.len = 0;
		if ((vk != TC_NONE && tc__ptx_push(r, &r->rd, vk)) ||
		    (prev != TC_NONE && tc__ptx_push(r, &r->rd, prev)))
			return r->rc;
		if (prev == TC_NONE) /* the first, at offset 0: its low bytes */
			r->cur_lane = vk != TC_NONE ? (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC,
								   (uint8_t)(psize * 8),
								   {0, TC_NONE}, TC_NONE, {0, 0}}
				      : imm ? kop
					    : tc__ptx_no_lane;
		else
			r->cur_lane = arg_part(o, psize, vk != TC_NONE ? 1u : 0u,
					       vk != TC_NONE ? 0u : TC_NONE);
		last = (uint32_t)r->rec.def.len;
		if (tc__ptx_emit_defs(r, &dst, 1, TC_NONE, TC_UA_PURE, TC_NONE))
			return r->rc;
		prev = dst;
	}
	for (size_t i = df_mark; i < r->ndf; i++) /* they follow the slot's write */
		r->df[i].rec = last;
	return TC_OK;
}

static int ld_st(reader *r, const tok *op, size_t blen, bool load, uint32_t guard)
{
	if (r->nops < 2)
		return tc__ptx_err(r, op->line, op->col, TOKF " takes two operands", TOKA(*op));
	const opnd *val = &r->ops[load ? 0 : 1], *addr = &r->ops[load ? 1 : 0];
	if (addr->k != O_ADDR)
		return tc__ptx_err(r, addr->at.line, addr->at.col, "expected an address in '[ ]'");
	bool param = has_mod(op, blen, ".param"), local = has_mod(op, blen, ".local");
	bool space = param || local || has_mod(op, blen, ".global") ||
		     has_mod(op, blen, ".shared") || has_mod(op, blen, ".const") ||
		     has_mod(op, blen, ".tex");
	bool atomic = has_mod(op, blen, ".volatile") || has_mod(op, blen, ".relaxed") ||
		      has_mod(op, blen, ".acquire") || has_mod(op, blen, ".mmio");
	uint32_t one;
	const uint32_t *regs; /* a load's results */
	uint32_t nv = tc__ptx_first_defs(r, val, &one, &regs);
	r->rd.len = 0;
	/* the local depot at a constant offset: a slot */
	bool depot = addr->simple && addr->base != TC_NONE && r->dbase[addr->base] &&
		     (local || !space);
	if (depot) {
		uint32_t size = elem_size(op);
		uint32_t n = val->k == O_VEC ? val->nr : 1;
		for (uint32_t k = 0; k < n && !r->rc; k++) {
			bool part;
			uint32_t slot = tc__ptx_depot_slot(r, addr->off + (int64_t)k * size, size, load, &part);
			uint32_t v = val->k == O_VEC ? r->oregs.v[val->r0 + k]
				     : val->k == O_REG   ? val->reg
							 : TC_NONE;
			if (slot == TC_NONE)
				return r->rc;
			r->rd.len = 0;
			size_t mark = r->rec.def.len;
			/* for the warp's view: a copy of the slot, of the value */
			tc_lane_op copy = {TC_LOP_COPY, 0, (uint8_t)(size < 8 ? size * 8 : 64),
					   {0, TC_NONE}, TC_NONE, {0, 0}};
			if (part && elem_signed(op)) /* a narrower signed copy */
				copy = tc__ptx_no_lane;
			else if (!part) /* the whole slot: its value as it is */
				copy.flags |= TC_LOP_TRUNC;
			if (!load && v == TC_NONE) {
				copy.a[0] = TC_NONE;
				if (val->k == O_IMM && val->known) {
					copy.flags = TC_LOP_K0;
					copy.k[0] = tc__ptx_sext(val->off, copy.bits);
				} else {
					copy = tc__ptx_no_lane;
				}
			}
			size_t nf = r->ndf;
			if (df_mem(r, load, v, val, addr->base, TC_NONE, addr->off + (int64_t)k * size,
				   size, guard))
				return r->rc;
			if (!load && r->ndf > nf && r->df[r->ndf - 1].op == DF_STORE)
				r->df[r->ndf - 1].flags |= DF_SLOT;
			if (load) {
				r->cur_lane = copy;
				if (tc__ptx_push(r, &r->rd, slot) ||
				    tc__ptx_emit_defs(r, &v, 1, guard, TC_UA_PURE, TC_NONE))
					return r->rc;
				if (v != TC_NONE && r->want_df) { /* the load's fact */
					r->df[r->ndf - 1].rec = (uint32_t)r->rec.def.len - 1;
					if (elem_signed(op))
						r->df[r->ndf - 1].flags |= DF_SIGNED;
				}
			} else {
				if (v != TC_NONE && tc__ptx_push(r, &r->rd, v))
					return r->rc;
				tc__ptx_check_escape(r, 0);
				r->cur_lane = copy;
				if (tc__ptx_emit_defs(r, &slot, 1, guard, TC_UA_PURE, TC_NONE))
					return r->rc;
			}
			for (size_t x = mark; x < r->rec.def.len; x++)
				if (tc__ptx_push(r, load ? &r->dload : &r->dstore, (uint32_t)x))
					return r->rc;
		}
		return r->rc;
	}
	/* the address's registers, then (a store) the value's */
	if (reads_of(r, addr))
		return r->rc;
	tc__ptx_check_escape(r, 0);
	/* for depot.c: memory at a register plus a constant, or a local
	 * object's; other memory holds no local object's address */
	uint32_t dobj = addr->simple && addr->base == TC_NONE && addr->sym
				? tc__ptx_local_obj(r, addr->sym, addr->slen)
				: TC_NONE;
	bool dmem = addr->simple && (addr->base != TC_NONE || dobj != TC_NONE) && !param;
	/* a store to another state space writes no local memory: what it
	 * stores goes where the facts do not follow it (DF_USE, below) */
	if (!load && (has_mod(op, blen, ".global") || has_mod(op, blen, ".shared")))
		dmem = false;
	if (!addr->simple && tc__ptx_df_uses(r, 0))
		return r->rc;
	if (!load && dmem) {
		uint32_t size = elem_size(op);
		uint32_t n = val->k == O_VEC ? val->nr : 1;
		for (uint32_t k = 0; k < n; k++) {
			uint32_t v = val->k == O_VEC ? r->oregs.v[val->r0 + k]
				     : val->k == O_REG   ? val->reg
							 : TC_NONE;
			if (df_mem(r, false, v, val->k == O_VEC ? NULL : val, addr->base, dobj,
				   addr->off + (int64_t)k * size, size, guard))
				return r->rc;
		}
	}
	if (!load) {
		size_t from = r->rd.len;
		if (reads_of(r, val))
			return r->rc;
		tc__ptx_check_escape(r, from);
		if (!dmem && !(param && addr->sym) && tc__ptx_df_uses(r, from))
			return r->rc;
		if (!dmem && val->k == O_SYM && tc__ptx_local_obj(r, val->sym, val->slen) != TC_NONE &&
		    tc__ptx_df(r, DF_GIVEUP, TC_NONE, TC_NONE, TC_NONE, 0, 0, 0, 0, TC_NONE))
			return r->rc;
		if (param && addr->sym) { /* an argument or result of a call */
			nslot *e;
			uint32_t slot = tc__ptx_param_slot(r, addr->sym, addr->slen, &e);
			size_t nval = r->rd.len - from; /* the value's registers only */
			/* a result or an argument stored whole from one register: a
			 * copy of it, of the store's width, for what a calling
			 * context traces back (analysis/calls.c) */
			uint32_t width = elem_size(op) * 8;
			uint8_t bits = (uint8_t)(width < 64 ? width : 64);
			tc_lane_op whole = addr->off == 0 && nval == 1 ? copy_lane(bits) : tc__ptx_no_lane;
			if (slot == TC_NONE) { /* the function's own result: its register */
				e = tc__ptx_nmap_find(&r->params, addr->sym, addr->slen,
						      tc__hash_bytes(addr->sym, addr->slen));
				if (!e || e->tag != P_RET || e->val == TC_NONE)
					return tc__ptx_df_uses(r, from);
				if (df_result_store(r, op, val, e->val, addr->off, from, guard))
					return r->rc;
				if (nval && from)
					memmove(r->rd.v, r->rd.v + from, nval * sizeof *r->rd.v);
				r->rd.len = nval;
				/* a part of it: the rest stays */
				if (addr->off != 0 && tc__ptx_push(r, &r->rd, e->val))
					return r->rc;
				r->cur_lane = whole;
				return tc__ptx_emit_defs(r, &e->val, 1, guard, TC_UA_PURE, TC_NONE);
			}
			size_t df_mark = r->ndf;
			if (df_arg_store(r, op, val, slot, addr->off, guard))
				return r->rc;
			uint32_t psize = elem_size(op);
			if (val->k == O_VEC && val->nr >= 2 && guard == TC_NONE && psize <= 8)
				return vec_arg_store(r, val, slot, addr->off, psize, df_mark);
			if (nval && from)
				memmove(r->rd.v, r->rd.v + from, nval * sizeof *r->rd.v);
			r->rd.len = nval;
			if (addr->off != 0 && tc__ptx_push(r, &r->rd, slot))
				return r->rc; /* a part of it: the rest stays */
			/* a part of one register or a constant: the bytes it
			 * replaces */
			tc_lane_op part = tc__ptx_no_lane;
			if (addr->off > 0 && nval <= 1 && (nval == 1 || (val->k == O_IMM && val->known)))
				part = arg_part(addr->off, psize, nval ? 1u : 0u, nval ? 0u : TC_NONE);
			/* an integer constant stored whole: a builtin's argument */
			e->aux = val->k == O_IMM && val->known && addr->off == 0 &&
					 val->off >= 0 && val->off < 0xffff
				     ? (uint32_t)val->off + 1
				     : 0;
			/* or an argument that is a constant */
			r->cur_lane = addr->off > 0 ? part : whole;
			if (addr->off == 0 && nval == 0 && val->k == O_IMM && val->known)
				r->cur_lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_K0, bits,
							   {TC_NONE, TC_NONE},
							   TC_NONE, {tc__ptx_sext(val->off, bits), 0}};
			return tc__ptx_emit_defs(r, &slot, 1, guard, TC_UA_PURE, TC_NONE);
		}
		return TC_OK; /* memory is not followed */
	}
	if (nv == 0)
		return TC_OK;
	uint8_t kind = 0;
	if (param && addr->sym) {
		nslot *e = tc__ptx_nmap_find(&r->params, addr->sym, addr->slen,
					     tc__hash_bytes(addr->sym, addr->slen));
		nslot *se;
		uint32_t slot = tc__ptx_param_slot(r, addr->sym, addr->slen, &se);
		r->rd.len = 0;
		if (slot != TC_NONE) {
			if (tc__ptx_push(r, &r->rd, slot))
				return r->rc;
			/* a call's result read whole: that call's (depot.c), or
			 * the slot's */
			const struct dfslot *ds = tc__ptx_dfs_get(r, slot);
			uint8_t fl = guard != TC_NONE ? DF_GUARD : 0;
			uint32_t nrec = (uint32_t)r->rec.def.len;
			if (nv == 1 && addr->off == 0 && regs[0] != TC_NONE
				    ? ds && ds->kind == DFS_RESULT
					      ? tc__ptx_df(r, DF_RESULT, regs[0], ds->a, ds->b, 0, 0, 0, fl, nrec)
					      : tc__ptx_df(r, DF_ADD, regs[0], slot, TC_NONE, 0, 0, 0, fl, nrec)
				: addr->off >= 8 && ds && ds->kind == DFS_RESULT
				    ? result_parts(r, op, regs, nv, ds, addr->off, fl, nrec)
				    : tc__ptx_df_uses(r, 0))
				return r->rc;
			kind = TC_UA_PURE;
			/* a call's result read whole: the slot's low bits */
			uint32_t size = elem_size(op);
			if (nv == 1 && addr->off == 0 && (size == 4 || size == 8))
				r->cur_lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC, (uint8_t)(size * 8),
							   {0, TC_NONE}, TC_NONE, {0, 0}};
		} else if (e && e->tag == P_KERNEL) {
			kind = K_ARGUMENT; /* one for the whole grid */
			return df_reads(r, op, regs, nv, addr, DF_PARAM, TC_NONE, e->val, guard,
					kind, 0);
		} else {
			kind = TC_UA_SOURCE; /* who calls a function with what is unknown */
			if (e && e->tag == P_FUNC) { /* unless a calling context says */
				size_t mark = r->rec.def.len;
				/* nothing known but its width (what of the caller's
				 * value it reads: analysis/calls.c) */
				r->cur_lane = tc__ptx_no_lane;
				r->cur_lane.bits = (uint8_t)(elem_size(op) * 8 < 64 ? elem_size(op) * 8 : 64);
				if (df_reads(r, op, regs, nv, addr, DF_PARAM, TC_NONE, e->val, guard,
					     kind, 0))
					return r->rc;
				/* a record per register written, in order: each
				 * reads the parameter's bytes at its offset */
				uint32_t k = 0;
				for (size_t x = mark; x < r->rec.def.len; x++, k++) {
					while (k < nv && regs[k] == TC_NONE)
						k++;
					int64_t o = addr->off + (int64_t)k * elem_size(op);
					if (tc__ptx_push(r, &r->pv_rec, (uint32_t)x) ||
					    tc__ptx_push(r, &r->pv_index, e->val) ||
					    tc__ptx_push(r, &r->pv_off,
							 o >= 0 && o < UINT32_MAX ? (uint32_t)o : UINT32_MAX))
						return r->rc;
				}
				return TC_OK;
			}
		}
	} else if (param && !atomic && r->f->entry) {
		/* a kernel's parameter space through an address (the address of
		 * a parameter: mov of its name): read-only and the same for every
		 * thread of the grid, so the value is one of the address's */
		kind = TC_UA_PURE;
	} else if (atomic || local || param) {
		kind = TC_UA_SOURCE;
		if (dmem)
			return df_reads(r, op, regs, nv, addr, DF_LOAD, addr->base, dobj, guard, kind,
					0);
	} else if (!space) {
		/* generic: thread-dependent when the address may point into the
		 * local space (decided when the function is read) */
		size_t mark = r->rec.def.len;
		if (dmem ? df_reads(r, op, regs, nv, addr, DF_LOAD, addr->base, dobj, guard, 0,
				    DF_GENERIC)
			 : tc__ptx_emit_defs(r, regs, nv, guard, 0, TC_NONE))
			return r->rc;
		for (size_t x = mark; x < r->rec.def.len; x++)
			if (tc__ptx_push(r, &r->gload, (uint32_t)x) ||
			    tc__ptx_push(r, &r->gaddr, addr->base != TC_NONE ? addr->base
					       : addr->nr ? r->oregs.v[addr->r0]
							  : TC_NONE))
				return r->rc;
		return TC_OK;
	} else if (dmem) {
		return df_reads(r, op, regs, nv, addr, DF_LOAD, addr->base, dobj, guard, kind,
					0);
	}
	return tc__ptx_emit_defs(r, regs, nv, guard, kind, TC_NONE);
}

/* bar / barrier */
static int barrier_op(reader *r, const tok *op, size_t blen, uint32_t guard, bool pred,
		      ploc loc)
{
	r->rd.len = 0;
	for (size_t k = 0; k < r->nops; k++)
		if (reads_of(r, &r->ops[k]))
			return r->rc;
	tc__ptx_check_escape(r, 0);
	if (tc__ptx_df_uses(r, 0))
		return r->rc;
	if (has_mod(op, blen, ".warp") || has_mod(op, blen, ".arrive"))
		return TC_OK; /* one warp, or no wait */
	bool red = has_mod(op, blen, ".red");
	size_t nargs = r->nops;
	if (red) {
		if (r->nops < 3)
			return tc__ptx_err(r, op->line, op->col, TOKF " takes three or four operands",
					   TOKA(*op));
		uint32_t one;
		const uint32_t *defs;
		uint32_t nd = tc__ptx_first_defs(r, &r->ops[0], &one, &defs);
		/* the result is one for the whole block */
		r->rd.len = 0;
		for (size_t k = 1; k < r->nops; k++)
			if (reads_of(r, &r->ops[k]))
				return r->rc;
		if (tc__ptx_emit_defs(r, defs, nd, guard, TC_UA_UNIFORM, TC_NONE))
			return r->rc;
		nargs = r->nops - 2; /* a{, b} of d, a{, b}, c */
	}
	bool partial = nargs >= 2;
	return add_item(r, partial ? IT_PARTIAL : IT_BARRIER, TC_NONE, TC_NONE, pred, guard, loc);
}

/* At a ret of a .func with results: a record that reads them, whose
 * divergence is that of what the function returns there (graph/desc.h). */
static int returned(reader *r)
{
	if (r->f->entry || r->ret_regs.len == 0)
		return TC_OK;
	r->rd.len = 0;
	for (size_t k = 0; k < r->ret_regs.len; k++)
		if (tc__ptx_push(r, &r->rd, r->ret_regs.v[k]))
			return r->rc;
	if (tc__ptx_push(r, &r->ret_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	/* one result: what it computes (a callee's base + lane, calls.c) */
	r->cur_lane = r->ret_regs.len == 1 ? copy_lane(0) : tc__ptx_no_lane;
	int rc = tc__ptx_emit(r, TC_NONE, TC_UA_PURE, TC_NONE);
	r->cur_lane = tc__ptx_no_lane;
	return rc;
}

/* Before a call of a function by name: a record per argument slot that
 * reads it, whose divergence is the argument's (graph/desc.h); *arg0 their
 * first in r->carg. r->rd is left empty. */
static int call_args(reader *r, const opnd *args, uint32_t *arg0)
{
	*arg0 = (uint32_t)r->carg.len;
	for (uint32_t a = 0; args && a < args->nl; a++) {
		const tok *t = &r->olist[args->l0 + a];
		nslot *e;
		uint32_t slot = t->kind == T_IDENT ? tc__ptx_param_slot(r, t->s, t->len, &e) : TC_NONE;
		r->rd.len = 0;
		if (slot != TC_NONE && tc__ptx_push(r, &r->rd, slot))
			return r->rc;
		if (tc__ptx_push(r, &r->carg, (uint32_t)r->rec.def.len))
			return r->rc;
		r->cur_lane = r->rd.len == 1 ? copy_lane(0) : tc__ptx_no_lane;
		if (tc__ptx_emit(r, TC_NONE, TC_UA_PURE, TC_NONE))
			return r->rc;
	}
	r->rd.len = 0;
	r->cur_lane = tc__ptx_no_lane; /* not what the call's results compute */
	return TC_OK;
}

/* call[.uni] [(results),] f|%reg, [(arguments)] [, prototype] */
static int call_op(reader *r, const tok *op, uint32_t guard, bool pred, ploc loc)
{
	size_t k = 0;
	const opnd *rets = NULL, *callee = NULL, *args = NULL;
	if (k < r->nops && r->ops[k].k == O_LIST)
		rets = &r->ops[k++];
	if (k < r->nops)
		callee = &r->ops[k++];
	if (k < r->nops && r->ops[k].k == O_LIST)
		args = &r->ops[k++];
	if (!callee || (callee->k != O_SYM && callee->k != O_REG))
		return tc__ptx_err(r, callee ? callee->at.line : op->line, callee ? callee->at.col : op->col,
				   "expected the called function's name (or a register holding its "
				   "address)");
	if (callee->k == O_SYM) /* a call, not the function's address */
		tc__ptx_fn_ref(r, callee->sym, callee->slen, -1);
	uint32_t arg0 = (uint32_t)r->carg.len;
	if (callee->k == O_SYM &&
	    tc__gpu_builtin_kind(callee->sym, callee->slen) == TC_GPU_OTHER &&
	    call_args(r, args, &arg0))
		return r->rc;
	uint32_t nargs = (uint32_t)r->carg.len - arg0, result = TC_NONE;
	/* what the call reads: the argument slots (and an indirect callee) */
	r->rd.len = 0;
	if (callee->k == O_REG && reads_of(r, callee))
		return r->rc;
	char desc[160];
	int dn = 0;
	tc_gpu_kind ck = TC_GPU_OTHER;
	uint8_t tdim = 0; /* a call of get_local_id(D) or get_global_id(D) */
	bool tglobal = false, tid_call = false;
	if (callee->k == O_SYM) {
		if (!tc__ptx_nmap_find(&r->fnames, callee->sym, callee->slen,
				       tc__hash_bytes(callee->sym, callee->slen)))
			return tc__ptx_err(r, callee->at.line, callee->at.col,
					   "call of '%.*s', which is not declared",
					   (int)(callee->slen > 60 ? 60 : callee->slen), callee->sym);
		ck = tc__gpu_builtin_kind(callee->sym, callee->slen);
		uint64_t vals[8];
		uint8_t known[8];
		unsigned na = 0;
		for (uint32_t a = 0; args && a < args->nl; a++) {
			const tok *t = &r->olist[args->l0 + a];
			nslot *e;
			uint32_t slot = t->kind == T_IDENT ? tc__ptx_param_slot(r, t->s, t->len, &e) : TC_NONE;
			if (slot != TC_NONE && tc__ptx_push(r, &r->rd, slot))
				return r->rc;
			if (na < 8) {
				known[na] = slot != TC_NONE && e->aux != 0;
				vals[na] = known[na] ? e->aux - 1 : 0;
				na++;
			}
		}
		if (ck == TC_GPU_DIVERGENT_SOURCE)
			dn = (int)tc__gpu_describe(desc, sizeof desc, callee->sym, callee->slen, vals,
						   known, na);
		tid_call = ck == TC_GPU_DIVERGENT_SOURCE && na >= 1 &&
			   tc__gpu_thread_id(callee->sym, callee->slen, vals[0], known[0], &tdim,
					     &tglobal);
	} else {
		for (uint32_t a = 0; args && a < args->nl; a++) {
			const tok *t = &r->olist[args->l0 + a];
			nslot *e;
			uint32_t slot = t->kind == T_IDENT ? tc__ptx_param_slot(r, t->s, t->len, &e) : TC_NONE;
			if (slot != TC_NONE && tc__ptx_push(r, &r->rd, slot))
				return r->rc;
		}
	}
	tc__ptx_check_escape(r, 0);
	/* a call by register, or of a builtin: its arguments go where
	 * depot.c does not follow (a call of a function the file defines
	 * passes them to its parameters) */
	if (callee->k != O_SYM || ck != TC_GPU_OTHER) {
		/* through a register: depot.c decides whether it may run a
		 * function (not where the register is only ever 0) */
		if (callee->k == O_REG && callee->reg != TC_NONE) {
			if (r->want_df && (tc__ptx_push(r, &r->icall, r->fidx) ||
					   tc__ptx_push(r, &r->icall, callee->reg)))
				return r->rc;
		} else {
			r->df_indirect |= callee->k != O_SYM;
		}
		if (tc__ptx_df_uses(r, 0))
			return r->rc;
	}
	uint8_t kind = ck == TC_GPU_DIVERGENT_SOURCE ? TC_UA_SOURCE | TC_UA_NAMED
		       : ck == TC_GPU_UNIFORM_SOURCE ? 0
		       : ck == TC_GPU_BARRIER || ck == TC_GPU_COLLECTIVE ? TC_UA_UNIFORM
									  : TC_UA_SOURCE;
	uint32_t src = TC_NONE;
	if (dn > 0 && (src = tc__ptx_add_source(r, desc, (size_t)dn, loc)) == TC_NONE)
		return r->rc;
	for (uint32_t a = 0; rets && a < rets->nl; a++) {
		const tok *t = &r->olist[rets->l0 + a];
		nslot *e;
		uint32_t slot = t->kind == T_IDENT ? tc__ptx_param_slot(r, t->s, t->len, &e) : TC_NONE;
		if (a == 0 && guard == TC_NONE)
			result = (uint32_t)r->rec.def.len; /* the record emitted next */
		size_t mark = r->rec.def.len;
		if (slot == TC_NONE) {
			if (t->kind == T_IDENT && t->s[0] == '%') {
				uint32_t reg = tc__ptx_reg_lookup(r, t); /* a result in a register */
				if (reg != TC_NONE && tc__ptx_emit_defs(r, &reg, 1, guard, kind, src))
					return r->rc;
			}
		} else if (tc__ptx_emit_defs(r, &slot, 1, guard, kind, src)) {
			return r->rc;
		}
		/* the callee's result (depot.c): the call's pcall comes next */
		bool res = callee->k == O_SYM && ck != TC_GPU_BARRIER && r->rec.def.len == mark + 1;
		if (res && tc__ptx_df(r, DF_RESULT, r->rec.def.v[mark], (uint32_t)r->ncalls, a, 0, 0, 0,
				      guard != TC_NONE ? DF_GUARD : 0, (uint32_t)mark))
			return r->rc;
		if (slot != TC_NONE &&
		    tc__ptx_dfs_set(r, slot, res && guard == TC_NONE ? DFS_RESULT : DFS_TOP,
				    (uint32_t)r->ncalls, a))
			return r->rc;
		/* the thread's index itself (tc_thread_id; analysis/affine.h) */
		if (a == 0 && tid_call && guard == TC_NONE && r->rec.def.len == mark + 1) {
			if (tc__ptx_grow(r, &r->tids, &r->tids_cap, r->ntids + 1, sizeof *r->tids))
				return r->rc;
			r->tids[r->ntids++] = (tc_thread_id){(uint32_t)mark, tdim, tglobal, true};
		}
	}
	if (result != TC_NONE && result >= r->rec.def.len)
		result = TC_NONE; /* no result record */
	if (ck == TC_GPU_BARRIER)
		return add_item(r, IT_BARRIER, TC_NONE, TC_NONE, pred, guard, loc);
	if (tc__ptx_grow(r, &r->calls, &r->calls_cap, r->ncalls + 1, sizeof *r->calls))
		return r->rc;
	/* through a register (name NULL): its arguments are not followed, and
	 * it may run any function whose address the file takes (graphs.c) */
	if (callee->k != O_SYM)
		r->calls[r->ncalls] = (pcall){r->fidx, NULL, 0, TC_NONE, false, 0, arg0, 0,
					      TC_NONE, loc};
	else
		r->calls[r->ncalls] = (pcall){r->fidx, callee->sym, callee->slen, TC_NONE, false, 0,
					      arg0, nargs, result, loc};
	return add_item(r, IT_CALL, TC_NONE, (uint32_t)r->ncalls++, pred, guard, loc);
}
/* Any other instruction: the first operand is written, unless the
 * instruction writes none; the rest are read. */
static int plain_op(reader *r, const tok *op, size_t blen, const opinfo *oi, uint32_t guard,
		    ploc loc)
{
	uint32_t one = TC_NONE, nd = 0;
	const uint32_t *defs = NULL;
	size_t k0 = 0;
	if (!(oi->flags & OPF_NODEF) && r->nops > 0 &&
	    (r->ops[0].k == O_REG || r->ops[0].k == O_VEC || r->ops[0].k == O_PAIR ||
	     r->ops[0].k == O_SINK)) {
		nd = tc__ptx_first_defs(r, &r->ops[0], &one, &defs);
		k0 = 1;
	}
	r->rd.len = 0;
	for (size_t k = k0; k < r->nops; k++)
		if (reads_of(r, &r->ops[k]))
			return r->rc;
	/* what depot.c follows: a local object's address, a copy, a constant,
	 * a 64-bit sum */
	uint8_t dop = 0xff;
	uint32_t da = TC_NONE, db = TC_NONE;
	int64_t dk = 0;
	if (nd == 1 && one != TC_NONE && r->nops == 2 &&
	    (oi->code == OP_MOV ||
	     (oi->code == OP_CVTA && has_mod(op, blen, ".local")))) {
		const opnd *s = &r->ops[1];
		uint32_t obj = s->k == O_SYM && s->simple ? tc__ptx_local_obj(r, s->sym, s->slen) : TC_NONE;
		if (s->k == O_REG && s->reg != TC_NONE) {
			dop = DF_ADD;
			da = s->reg;
		} else if (s->k == O_IMM && s->known && oi->code == OP_MOV) {
			uint32_t bits = elem_size(op) * 8;
			dop = DF_CONST;
			dk = tc__ptx_sext(s->off, bits < 64 ? bits : 64);
		} else if (obj != TC_NONE) {
			dop = DF_OBJ;
			da = obj;
			dk = s->off;
		}
	} else if (nd == 1 && one != TC_NONE && r->nops == 3 && blen == 3 &&
		   (memcmp(op->s, "add", 3) == 0 || memcmp(op->s, "sub", 3) == 0) &&
		   (has_mod(op, blen, ".s64") || has_mod(op, blen, ".u64")) && op->len == 7) {
		const opnd *x = &r->ops[1], *y = &r->ops[2];
		bool sub = op->s[0] == 's';
		if (x->k == O_REG && x->reg != TC_NONE && y->k == O_IMM && y->known) {
			dop = DF_ADD;
			da = x->reg;
			dk = sub ? -y->off : y->off;
		} else if (!sub && y->k == O_REG && y->reg != TC_NONE && x->k == O_IMM && x->known) {
			dop = DF_ADD;
			da = y->reg;
			dk = x->off;
		} else if (!sub && x->k == O_REG && y->k == O_REG && x->reg != TC_NONE &&
			   y->reg != TC_NONE) {
			dop = DF_ADDR;
			da = x->reg;
			db = y->reg;
		}
	} else if (nd == 1 && one != TC_NONE && r->nops == 3 && op->len == 6 &&
		   memcmp(op->s, "or.b64", 6) == 0) {
		/* an address's bits set below its object's alignment (clang
		 * -O0's byte of a local: or.b64 %rd7, %rd6, 2) */
		const opnd *x = &r->ops[1], *y = &r->ops[2];
		const opnd *a = x->k == O_REG ? x : y, *c = x->k == O_REG ? y : x;
		if (a->k == O_REG && a->reg != TC_NONE && c->k == O_IMM && c->known && c->off > 0) {
			dop = DF_OR;
			da = a->reg;
			dk = c->off;
		}
	}
	if (r->want_df) {
		/* a comparison (a null test of `this`) or a test of an
		 * address's space (isspacep: a predicate) lets no address go
		 * anywhere, nor does floating-point arithmetic: no compiler
		 * computes an address there (docs/ptx.md), and what a load at an
		 * offset not known reads of a depot's pointers goes into the
		 * doubles it holds too */
		bool compare = (blen == 4 && memcmp(op->s, "setp", 4) == 0) ||
			       (blen == 8 && memcmp(op->s, "isspacep", 8) == 0);
		bool fp = oi->code != OP_MOV &&
			  (has_mod(op, blen, ".f64") || has_mod(op, blen, ".f32") ||
			   has_mod(op, blen, ".f16") || has_mod(op, blen, ".f16x2") ||
			   has_mod(op, blen, ".bf16") || has_mod(op, blen, ".bf16x2"));
		if (dop == 0xff && !compare && !fp && tc__ptx_df_uses(r, 0))
			return r->rc;
		for (size_t k = 1; k < r->nops; k++)
			if (r->ops[k].k == O_SYM && dop != DF_OBJ &&
			    tc__ptx_local_obj(r, r->ops[k].sym, r->ops[k].slen) != TC_NONE &&
			    tc__ptx_df(r, DF_GIVEUP, TC_NONE, TC_NONE, TC_NONE, 0, 0, 0, 0, TC_NONE))
				return r->rc;
	}
	/* the depot's address: mov of a .local name, cvta.local of it */
	bool to_base = false;
	if (nd == 1 && one != TC_NONE) {
		const opnd *s = r->nops > 1 ? &r->ops[1] : NULL;
		if (s && oi->code == OP_MOV && s->k == O_SYM &&
		    (tc__ptx_nmap_find(&r->lsyms, s->sym, s->slen, tc__hash_bytes(s->sym, s->slen)) ||
		     tc__ptx_nmap_find(&r->gsyms, s->sym, s->slen, tc__hash_bytes(s->sym, s->slen))))
			to_base = true;
		if (s && (oi->code == OP_CVTA || oi->code == OP_MOV) &&
		    s->k == O_REG && s->reg != TC_NONE && r->dbase[s->reg] && r->nops == 2 &&
		    (oi->code == OP_MOV || has_mod(op, blen, ".local")))
			to_base = true;
	}
	if (to_base) {
		if (r->dbase[one])
			r->depot_ok = false; /* written twice */
		r->dbase[one] = 1;
	} else {
		tc__ptx_check_escape(r, 0);
		for (uint32_t k = 0; k < nd; k++)
			if (defs[k] != TC_NONE && r->dbase[defs[k]])
				r->depot_ok = false;
	}
	uint8_t kind = 0;
	uint32_t src = TC_NONE;
	/* whether a phase is complete, as the thread finds it when it asks:
	 * threads that ask at different times differ, as with a volatile load */
	bool wait = blen == 8 && memcmp(op->s, "mbarrier", 8) == 0 &&
		    (has_mod(op, blen, ".test_wait") || has_mod(op, blen, ".try_wait"));
	if ((oi->flags & OPF_LANE) || wait) {
		kind = TC_UA_SOURCE;
	} else if (r->div_sreg) {
		kind = TC_UA_SOURCE | TC_UA_NAMED | (r->impure_sreg ? 0 : TC_UA_PURE) | K_SREG;
		if ((src = tc__ptx_sreg_source(r, loc)) == TC_NONE)
			return r->rc;
	} else if ((oi->flags & OPF_PURE) && !r->impure_sreg) {
		kind = TC_UA_PURE;
	}
	if (oi->code == OP_CVTA && !to_base && has_mod(op, blen, ".local") &&
	    !has_mod(op, blen, ".to"))
		kind |= K_LOCAL;
	/* an address of local memory that is no object's (depot.c) */
	if ((kind & K_LOCAL) ||
	    ((oi->flags & OPF_LANE) && ((blen == 6 && memcmp(op->s, "alloca", 6) == 0) ||
					(blen == 9 && memcmp(op->s, "stacksave", 9) == 0))))
		r->local_other = true;
	if (nd && guard == TC_NONE) {
		r->cur_lane = tc__ptx_lane_of(r, op, blen, nd);
		if (nd == 1 && !to_base && blen == 3 && memcmp(op->s, "mad", 3) == 0 &&
		    tc__ptx_mad_lanes(r, op, blen, kind, src))
			return r->rc;
		if (nd == 1 && !to_base && blen == 3 && memcmp(op->s, "bfe", 3) == 0 &&
		    tc__ptx_bfe_lanes(r, op, blen, kind, src))
			return r->rc;
	}
	size_t mark = r->rec.def.len;
	if (nd && tc__ptx_emit_defs(r, defs, nd, guard, kind, src))
		return r->rc;
	if (dop != 0xff) {
		uint32_t rec = r->rec.def.len > mark && r->rec.def.v[r->rec.def.len - 1] == one
				       ? (uint32_t)r->rec.def.len - 1
				       : TC_NONE;
		if (tc__ptx_df(r, dop, one, da, db, dop == DF_CONST ? 0 : dk, dop == DF_CONST ? dk : 0,
			       0, guard != TC_NONE ? DF_GUARD : 0, rec))
			return r->rc;
	}
	/* a read of one %tid.D and nothing else thread-dependent: what the
	 * block's size says of it is the analyses' (tc_thread_id) */
	if ((kind & K_SREG) && !r->other_sreg && r->tid_dims && !(r->tid_dims & (r->tid_dims - 1)))
		for (size_t x = mark; x < r->rec.def.len; x++) {
			if (tc__ptx_grow(r, &r->tids, &r->tids_cap, r->ntids + 1, sizeof *r->tids))
				return r->rc;
			uint8_t dim = r->tid_dims == 1 ? 0 : r->tid_dims == 2 ? 1 : 2;
			r->tids[r->ntids++] = (tc_thread_id){(uint32_t)x, dim, false, false};
		}
	if (r->coll_row && r->ncolls) { /* a collective's results (full_masks) */
		r->colls[r->ncolls - 1].res0 = (uint32_t)mark;
		r->colls[r->ncolls - 1].res1 = (uint32_t)r->rec.def.len;
	}
	return TC_OK;
}

/* The collective an instruction is, by its opcode up to the type (the
 * table's key: "shfl.sync.idx", "vote.sync.ballot", "redux.sync"), or NULL. */
static const tc_gpu_collective *collective_row(const tok *op)
{
	size_t dot[3], n = 0;
	for (size_t i = 0; i < op->len && n < 3; i++)
		if (op->s[i] == '.')
			dot[n++] = i;
	for (size_t c = 3; c >= 2; c--) {
		if (n + 1 < c)
			continue;
		const tc_gpu_collective *row =
			tc__gpu_collective(op->s, n >= c ? dot[c - 1] : op->len);
		if (row)
			return row;
	}
	return NULL;
}

/*
 * A collective instruction (row): its mask, one record per argument that
 * must agree in the group (reading that argument's registers: the value it
 * has there, which check_args asks about), and its item.
 */
static int coll_op(reader *r, const opinfo *oi, const tc_gpu_collective *row, uint32_t guard,
		   bool pred, ploc loc)
{
	size_t k0 = (oi->flags & OPF_NODEF) ? 0 : 1; /* past the destination */
	bool checked = true;
	uint32_t mask_reg = TC_NONE;
	if (row->mask >= 0) {
		size_t k = k0 + (size_t)row->mask;
		const opnd *o = k < r->nops ? &r->ops[k] : NULL;
		checked = o && o->k == O_IMM && o->known &&
			  (o->off == -1 || o->off == INT64_C(0xffffffff));
		if (o && o->k == O_REG)
			mask_reg = o->reg; /* full_masks may find it is */
	}
	r->warp_text = true; /* the scan of the text missed it */
	uint32_t first = TC_NONE;
	for (unsigned i = 0; i < 8; i++) {
		if (!((row->agree >> i) & 1))
			continue;
		r->rd.len = 0;
		uint8_t kind = TC_UA_PURE;
		uint32_t src = TC_NONE;
		if (k0 + i < r->nops) {
			const opnd *o = &r->ops[k0 + i];
			if (reads_of(r, o))
				return r->rc;
			int sk = (o->k == O_REG || o->k == O_NOT) && o->reg == TC_NONE
					 ? tc__ptx_sreg_kind(&o->at)
					 : SR_NONE;
			if (sk == SR_DIVERGENT || sk == SR_CLOCK) {
				kind = TC_UA_SOURCE | TC_UA_NAMED | (sk == SR_CLOCK ? 0 : TC_UA_PURE);
				if ((src = tc__ptx_sreg_named(r, o->at.s, o->at.len, loc)) == TC_NONE)
					return r->rc;
			}
		}
		if (first == TC_NONE)
			first = (uint32_t)r->rec.def.len;
		/* a copy of the operand, for what a calling context traces back
		 * to the caller (analysis/calls.c) */
		r->cur_lane = tc__ptx_no_lane;
		const opnd *o = k0 + i < r->nops ? &r->ops[k0 + i] : NULL;
		if (o && o->k == O_REG && o->reg != TC_NONE && r->rd.len == 1)
			r->cur_lane = copy_lane(0);
		else if (o && o->k == O_IMM && o->known && r->rd.len == 0)
			r->cur_lane =
				(tc_lane_op){TC_LOP_COPY, TC_LOP_K0, 0, {TC_NONE, TC_NONE}, TC_NONE, {o->off, 0}};
		if (tc__ptx_emit(r, TC_NONE, kind, src))
			return r->rc;
	}
	r->rd.len = 0;
	if (tc__ptx_grow(r, &r->colls, &r->colls_cap, r->ncolls + 1, sizeof *r->colls))
		return r->rc;
	uint32_t clamp_reg = TC_NONE;
	if (row->whole >= 0 && k0 + (size_t)row->whole < r->nops &&
	    r->ops[k0 + (size_t)row->whole].k == O_REG)
		clamp_reg = r->ops[k0 + (size_t)row->whole].reg; /* full_masks */
	r->colls[r->ncolls] = (pcoll){row, first, mask_reg, checked, clamp_reg, 0, 0};
	return add_item(r, IT_COLL, TC_NONE, (uint32_t)r->ncolls++, pred, guard, loc);
}

/* One instruction: the opcode op (after an optional guard) and its operands. */
int tc__ptx_instruction(reader *r, tok op, uint32_t guard, tok first)
{
	ploc loc = here(r, &first);
	r->div_sreg = NULL;
	r->impure_sreg = false;
	r->tid_dims = 0;
	r->other_sreg = false;
	r->coll_row = NULL;
	r->cur_lane = tc__ptx_no_lane;
	if (parse_operands(r))
		return r->rc;
	if (tc__ptx_push(r, &r->pos_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	size_t blen = 0;
	while (blen < op.len && op.s[blen] != '.')
		blen++;
	const opinfo *oi = opcode(r, op.s, blen);
	if (!oi)
		return tc__ptx_err(r, op.line, op.col, "unknown instruction '%.*s'",
				   (int)(blen > 60 ? 60 : blen), op.s);
	bool pred = guard != TC_NONE;
	if ((oi->flags & OPF_COLL) && (r->coll_row = collective_row(&op)) &&
	    coll_op(r, oi, r->coll_row, guard, pred, loc))
		return r->rc;
	/* a .uni branch taken at its word (docs/ptx.md, "bra.uni") */
	bool uni = (oi->code == OP_BRA || oi->code == OP_BRX) && has_mod(&op, blen, ".uni") &&
		   r->opt && (r->opt->flags & TC_READ_TRUST_BRA_UNI);
	int rc = TC_OK;
	if (oi->code == OP_BRA || oi->code == OP_BRX || oi->code == OP_RET)
		r->ndfs = 0; /* the call slots' values do not go on */
	if (oi->code == OP_BRA) {
		if (r->nops != 1 || r->ops[0].k != O_SYM)
			return tc__ptx_err(r, op.line, op.col, "'bra' takes one label");
		if (tc__ptx_add_ref(r, &r->refs, &r->nrefs, &r->refs_cap, &r->ops[0].at))
			return r->rc;
		rc = add_item(r, IT_BRA, pred && !uni ? guard : TC_NONE, (uint32_t)r->nrefs - 1, pred,
			      TC_NONE, loc);
	} else if (oi->code == OP_BRX) {
		if (r->nops != 2 || r->ops[1].k != O_SYM || r->ops[0].k != O_REG ||
		    r->ops[0].reg == TC_NONE)
			return tc__ptx_err(r, op.line, op.col, "'brx.idx' takes an index register and a "
						       "'.branchtargets' label");
		uint32_t cond = uni ? TC_NONE : r->ops[0].reg;
		if (!uni && pred) { /* the guard and the index decide together */
			r->rd.len = 0;
			uint32_t c = tc__ptx_new_reg(r);
			if (c == TC_NONE || tc__ptx_push(r, &r->rd, guard) || reads_of(r, &r->ops[0]) ||
			    tc__ptx_emit(r, c, TC_UA_PURE, TC_NONE))
				return r->rc;
			cond = c;
		}
		if (tc__ptx_add_ref(r, &r->trefs, &r->ntrefs, &r->trefs_cap, &r->ops[1].at))
			return r->rc;
		rc = add_item(r, IT_BRX, cond, (uint32_t)r->ntrefs - 1, pred, TC_NONE, loc);
	} else if (oi->code == OP_RET) {
		rc = returned(r);
		if (!rc)
			rc = add_item(r, IT_RET, pred ? guard : TC_NONE, TC_NONE, pred, TC_NONE, loc);
	} else if (oi->code == OP_TRAP) {
		/* a guarded trap: the threads that trap end the whole grid */
		rc = pred ? TC_OK : add_item(r, IT_TRAP, TC_NONE, TC_NONE, false, TC_NONE, loc);
	} else if (oi->code == OP_BAR) {
		rc = barrier_op(r, &op, blen, guard, pred, loc);
	} else if (oi->code == OP_CALL) {
		rc = call_op(r, &op, guard, pred, loc);
	} else if (oi->code == OP_LD) {
		rc = ld_st(r, &op, blen, true, guard);
	} else if (oi->code == OP_ST) {
		rc = ld_st(r, &op, blen, false, guard);
	} else {
		rc = plain_op(r, &op, blen, oi, guard, loc);
	}
	r->coll_row = NULL;
	if (rc)
		return rc;
	if (r->npos == UINT32_MAX - 2)
		return tc__ptx_too_large(r);
	r->npos++;
	r->last_was_label = false;
	return r->rc;
}
