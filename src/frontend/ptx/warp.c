/*
 * warp.c - what a PTX instruction computes for the warp's view
 * (analysis/lanes.h; ptx.h): integer arithmetic, comparisons, copies, the
 * thread's index and the results of collectives, as tc_lane_op records.
 */
#include "frontend/ptx/ptx.h"

#include <string.h>

/* ---- the warp's view (analysis/lanes.h) ------------------------------------- */

/* v's low bits sign-extended to 64 bits (a constant of a bits-wide type). */
int64_t tc__ptx_sext(int64_t v, unsigned bits)
{
	if (bits == 0 || bits >= 64)
		return v;
	uint64_t m = UINT64_C(1) << (bits - 1);
	uint64_t x = (uint64_t)v & ((m << 1) - 1);
	return (int64_t)((x ^ m) - m);
}

/* The modifiers of an opcode after its name (".lo", ".s32" of "mul.lo.s32"). */
typedef struct opmods {
	uint32_t n;
	const char *s[4];
	uint32_t len[4];
} opmods;

static bool split_mods(const tok *op, size_t blen, opmods *m)
{
	m->n = 0;
	for (size_t i = blen; i < op->len;) {
		size_t j = i + 1;
		while (j < op->len && op->s[j] != '.')
			j++;
		if (m->n == 4)
			return false;
		m->s[m->n] = op->s + i + 1;
		m->len[m->n++] = (uint32_t)(j - i - 1);
		i = j;
	}
	return true;
}

static bool mod_is(const opmods *m, uint32_t i, const char *w)
{
	return i < m->n && m->len[i] == strlen(w) && memcmp(m->s[i], w, m->len[i]) == 0;
}

/* The width of an integer type modifier ("u32", "s8", "b64"; *sign its
 * letter), 0 for any other. */
static unsigned int_type(const opmods *m, uint32_t i, char *sign)
{
	if (i >= m->n || m->len[i] < 2 || m->len[i] > 3)
		return 0;
	const char *s = m->s[i];
	if (s[0] != 'u' && s[0] != 's' && s[0] != 'b')
		return 0;
	unsigned bits = 0;
	for (uint32_t k = 1; k < m->len[i]; k++) {
		if (!tc__ptx_is_digit((unsigned char)s[k]))
			return 0;
		bits = bits * 10 + (unsigned)(s[k] - '0');
	}
	*sign = s[0];
	return bits == 8 || bits == 16 || bits == 32 || bits == 64 ? bits : 0;
}

/* How many registers reads_of lists for o. */
static uint32_t reads_count(const reader *r, const opnd *o)
{
	uint32_t n = 0;
	switch (o->k) {
	case O_REG:
	case O_NOT:
		return o->reg != TC_NONE;
	case O_VEC:
	case O_PAIR:
	case O_ADDR:
		for (uint32_t k = 0; k < o->nr; k++)
			n += r->oregs.v[o->r0 + k] != TC_NONE;
		return n;
	default:
		return 0;
	}
}

/* Operand x as slot i of o: a register (its place pos among what the
 * instruction reads), a constant (a bits-wide type's; WARP_SZ is 32), or
 * something the same in every thread (a uniform special register); false
 * for anything else (a thread-dependent special register, a vector, a
 * negation). */
static bool lane_slot(tc_lane_op *o, int i, const opnd *x, uint32_t pos, unsigned bits)
{
	if ((x->k == O_SYM || (x->k == O_REG && x->reg == TC_NONE)) &&
	    (tc__ptx_is_word(&x->at, "WARP_SZ") || tc__ptx_is_word(&x->at, "%WARP_SZ"))) {
		/* warpSize as an operand (div.u32 %r, %r1, WARP_SZ): 32 */
		o->flags |= i ? TC_LOP_K1 : TC_LOP_K0;
		o->k[i] = 32;
		return true;
	}
	if (x->k == O_REG) {
		if (x->reg != TC_NONE) {
			o->a[i] = pos;
			return true;
		}
		return tc__ptx_sreg_kind(&x->at) == SR_UNIFORM;
	}
	if (x->k == O_IMM && x->known) {
		o->flags |= i ? TC_LOP_K1 : TC_LOP_K0;
		o->k[i] = tc__ptx_sext(x->off, bits);
		return true;
	}
	return false;
}

/* A special register that lanes.h knows: tid.x, .y, .z, ntid.x, .y, .z,
 * laneid; a block's index and the grid's size, not negative. */
static uint8_t lane_sreg(const opnd *x)
{
	if (x->k != O_REG || x->reg != TC_NONE)
		return TC_LOP_OTHER;
	return tc__ptx_is_word(&x->at, "%tid.x")    ? TC_LOP_TID_X
	       : tc__ptx_is_word(&x->at, "%tid.y")  ? TC_LOP_TID_Y
	       : tc__ptx_is_word(&x->at, "%tid.z")  ? TC_LOP_TID_Z
	       : tc__ptx_is_word(&x->at, "%ntid.x") ? TC_LOP_NTID_X
	       : tc__ptx_is_word(&x->at, "%ntid.y") ? TC_LOP_NTID_Y
	       : tc__ptx_is_word(&x->at, "%ntid.z") ? TC_LOP_NTID_Z
	       : tc__ptx_is_word(&x->at, "%laneid") ? TC_LOP_LANE
	       : tc__ptx_is_word(&x->at, "%ctaid.x") || tc__ptx_is_word(&x->at, "%ctaid.y") ||
			 tc__ptx_is_word(&x->at, "%ctaid.z") ||
			 tc__ptx_is_word(&x->at, "%nctaid.x") ||
			 tc__ptx_is_word(&x->at, "%nctaid.y") || tc__ptx_is_word(&x->at, "%nctaid.z")
		   ? TC_LOP_NONNEG
		   : TC_LOP_OTHER;
}

/* The place of operand k among the registers the instruction reads (its
 * destination, operand 0, not counted). */
static uint32_t read_pos(const reader *r, size_t k)
{
	uint32_t pos = 0;
	for (size_t i = 1; i < k && i < r->nops; i++)
		pos += reads_count(r, &r->ops[i]);
	return pos;
}

/*
 * What a collective's result is at warp level (the table's result). A
 * vote's, match.all's, a reduction's (TC_LOP_WARP): one for the lanes
 * that take part, which its mask names, so the same in every lane of the
 * warp when the mask is; a mask that differs between lanes (a tile's of
 * 16 lanes, match.any's result) gives each group its own. A shuffle from
 * one lane (TC_LOP_BROADCAST): the same in every lane when the source lane
 * is, the clamp takes in the whole warp and the mask is the full mask (with
 * another mask the source lane may be outside it, and the value read
 * undefined); a mask or clamp in a register (nvcc's) is checked when the
 * function ends (full_masks).
 */
static tc_lane_op lane_collective(const reader *r, const tc_gpu_collective *c)
{
	tc_lane_op o = tc__ptx_no_lane, b = {TC_LOP_BROADCAST, 0, 32, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	if (c->result == TC_LOP_MATCH) {
		o.op = TC_LOP_MATCH;
		return o;
	}
	if (c->result != TC_LOP_WARP && c->result != TC_LOP_BROADCAST)
		return o;
	if (c->mask < 0) {
		o.op = c->result == TC_LOP_WARP ? TC_LOP_WARP : TC_LOP_OTHER;
		return o;
	}
	size_t km = (size_t)c->mask + 1;
	if (km >= r->nops)
		return o;
	const opnd *m = &r->ops[km];
	if (c->result == TC_LOP_WARP)
		return lane_slot(&b, 0, m, read_pos(r, km), 32) ? b : o;
	if (c->from < 0 || c->whole < 0 || (size_t)c->from + 1 >= r->nops ||
	    (size_t)c->whole + 1 >= r->nops)
		return o;
	const opnd *w = &r->ops[c->whole + 1];
	if (w->k == O_IMM ? !w->known || w->off < 0 || w->off > 0x1fff
			  : w->k != O_REG || w->reg == TC_NONE)
		return o;
	bool full = m->k == O_IMM ? m->known && (m->off == -1 || m->off == INT64_C(0xffffffff))
				  : m->k == O_REG && m->reg != TC_NONE;
	if (full && lane_slot(&b, 0, &r->ops[c->from + 1], read_pos(r, (size_t)c->from + 1), 32))
		o = b;
	/* an immediate clamp: what it is (lanes.h reads its segments) */
	if (o.op == TC_LOP_BROADCAST && w->k == O_IMM)
		o.k[1] = w->off;
	/* a mask or clamp in a register: a condition (full_masks drops it
	 * where the register is the constant; lanes.h decides the rest) */
	if (o.op == TC_LOP_BROADCAST && m->k == O_REG)
		o.cond = read_pos(r, km);
	if (o.op == TC_LOP_BROADCAST && w->k == O_REG) {
		o.a[1] = read_pos(r, (size_t)c->whole + 1);
		o.k[1] = c->whole_value;
	}
	return o;
}

/*
 * What the instruction writing nd registers from its first operand
 * computes, for the warp's view (docs/ptx.md, "Collectives"): integer
 * arithmetic, shifts, bitwise operations and comparisons of registers and
 * immediates, copies (mov, cvt between integer types), the thread-id
 * registers, and the results of collectives.
 */
tc_lane_op tc__ptx_lane_of(const reader *r, const tok *op, size_t blen, uint32_t nd)
{
	static const struct {
		const char *name;
		uint8_t op;
	} binary[] = {
		{"add", TC_LOP_ADD}, {"sub", TC_LOP_SUB}, {"mul", TC_LOP_MUL},
		{"shl", TC_LOP_SHL}, {"shr", TC_LOP_LSHR}, {"div", TC_LOP_UDIV},
		{"rem", TC_LOP_UREM}, {"and", TC_LOP_AND}, {"or", TC_LOP_OR},
		{"xor", TC_LOP_XOR}, {"min", TC_LOP_UMIN},
	};
	static const struct {
		const char *name;
		uint8_t u, s; /* unsigned and signed */
	} cmp[] = {
		{"eq", TC_LOP_EQ, TC_LOP_EQ},    {"ne", TC_LOP_NE, TC_LOP_NE},
		{"lt", TC_LOP_ULT, TC_LOP_SLT},  {"le", TC_LOP_ULE, TC_LOP_SLE},
		{"gt", TC_LOP_UGT, TC_LOP_SGT},  {"ge", TC_LOP_UGE, TC_LOP_SGE},
		{"lo", TC_LOP_ULT, TC_LOP_ULT},  {"ls", TC_LOP_ULE, TC_LOP_ULE},
		{"hi", TC_LOP_UGT, TC_LOP_UGT},  {"hs", TC_LOP_UGE, TC_LOP_UGE},
	};
	tc_lane_op o = tc__ptx_no_lane;
	if (r->coll_row)
		return lane_collective(r, r->coll_row);
	if (blen == 10 && memcmp(op->s, "activemask", 10) == 0)
		return (tc_lane_op){TC_LOP_WARP, TC_LOP_ACTIVE, 32, {TC_NONE, TC_NONE}, TC_NONE,
				    {0, 0}};
	opmods m;
	if (nd != 1 || r->ops[0].k != O_REG || !split_mods(op, blen, &m))
		return o;
	char sign = 0, sign2 = 0;
	const opnd *x = r->nops > 1 ? &r->ops[1] : NULL;
	if ((blen == 3 && memcmp(op->s, "mov", 3) == 0) ||
	    (blen == 3 && memcmp(op->s, "cvt", 3) == 0)) {
		bool cvt = op->s[0] == 'c';
		unsigned bits = int_type(&m, 0, &sign);
		unsigned from = cvt ? int_type(&m, 1, &sign2) : bits;
		if (!bits || !from || m.n != (cvt ? 2u : 1u) || r->nops != 2 || (cvt && sign2 == 'b'))
			return o;
		/* mov.b64 d, {lo, hi} (or .b32 of two halves): hi replaces
		 * the upper half of lo (affine.h reads the bits of each) */
		if (!cvt && x->k == O_VEC && x->nr == 2 && (bits == 64 || bits == 32) &&
		    r->oregs.v[x->r0] != TC_NONE && r->oregs.v[x->r0 + 1] != TC_NONE)
			return (tc_lane_op){TC_LOP_OTHER, TC_LOP_PART, (uint8_t)bits, {0, 1},
					    TC_NONE, {bits / 16, bits / 16}};
		o.bits = (uint8_t)(from < bits ? from : bits);
		if ((o.op = lane_sreg(x)))
			return o;
		static const char lanemask[] = "%lanemask_";
		if (x->k == O_REG && x->reg == TC_NONE && x->at.len == sizeof lanemask + 1 &&
		    memcmp(x->at.s, lanemask, sizeof lanemask - 1) == 0 && bits >= 32) {
			int lm = tc__gpu_lanemask(x->at.s + sizeof lanemask - 1, 2);
			if (lm >= 0) {
				o.op = TC_LOP_LANEMASK;
				o.k[0] = lm;
				return o;
			}
		}
		if (bits <= from) /* a move, or a cvt to no more bits */
			o.flags |= TC_LOP_TRUNC;
		if ((x->k == O_SYM || (x->k == O_REG && x->reg == TC_NONE)) &&
		    (tc__ptx_is_word(&x->at, "WARP_SZ") || tc__ptx_is_word(&x->at, "%WARP_SZ"))) {
			/* warpSize, as nvcc writes it: 32 on every target */
			o.op = TC_LOP_COPY;
			o.flags = TC_LOP_K0;
			o.a[0] = TC_NONE;
			o.k[0] = 32;
			return o;
		}
		o.op = TC_LOP_COPY;
		if ((x->k == O_REG && x->reg != TC_NONE) || (!cvt && x->k == O_IMM && x->known))
			if (lane_slot(&o, 0, x, 0, bits))
				return o;
		return tc__ptx_no_lane;
	}
	if (blen == 4 && memcmp(op->s, "setp", 4) == 0) {
		unsigned bits = int_type(&m, 1, &sign);
		if (m.n != 2 || !bits || r->nops != 3)
			return o;
		for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++)
			if (mod_is(&m, 0, cmp[i].name))
				o.op = sign == 's' ? cmp[i].s : cmp[i].u;
		if (sign == 'b' && o.op != TC_LOP_EQ && o.op != TC_LOP_NE)
			return tc__ptx_no_lane;
		if (!o.op)
			return o;
		o.bits = 1;
		if (!lane_slot(&o, 0, x, 0, bits) ||
		    !lane_slot(&o, 1, &r->ops[2], reads_count(r, x), bits))
			return tc__ptx_no_lane;
		return o;
	}
	if (blen == 4 && memcmp(op->s, "selp", 4) == 0) {
		/* selp.TYPE d, a, b, p: p ? a : b */
		unsigned bits = int_type(&m, 0, &sign);
		const opnd *p = r->nops == 4 ? &r->ops[3] : NULL;
		if (m.n != 1 || !bits || !p || p->k != O_REG || p->reg == TC_NONE)
			return o;
		o.op = TC_LOP_SELECT;
		o.bits = (uint8_t)bits;
		uint32_t at = reads_count(r, x) + reads_count(r, &r->ops[2]);
		if (!lane_slot(&o, 0, x, 0, bits) ||
		    !lane_slot(&o, 1, &r->ops[2], reads_count(r, x), bits))
			return tc__ptx_no_lane;
		o.cond = at;
		return o;
	}
	if (blen == 4 && memcmp(op->s, "popc", 4) == 0) {
		/* popc.b32, popc.b64: the bits set, a 32-bit count */
		unsigned bits = int_type(&m, 0, &sign);
		if (m.n != 1 || !bits || r->nops != 2 || sign != 'b')
			return o;
		o.op = TC_LOP_POPC;
		o.bits = 32;
		if (!lane_slot(&o, 0, x, 0, bits))
			return tc__ptx_no_lane;
		return o;
	}
	if (blen == 3 && memcmp(op->s, "not", 3) == 0) {
		/* not.pred, not.bNN: an xor with all ones */
		unsigned bits = mod_is(&m, 0, "pred") ? 1 : int_type(&m, 0, &sign);
		if (m.n != 1 || !bits || r->nops != 2 || (bits > 1 && sign != 'b'))
			return o;
		o.op = TC_LOP_XOR;
		o.bits = (uint8_t)bits;
		o.flags |= TC_LOP_K1;
		o.k[1] = -1;
		if (!lane_slot(&o, 0, x, 0, bits))
			return tc__ptx_no_lane;
		return o;
	}
	size_t b = 0;
	while (b < sizeof binary / sizeof *binary &&
	       !(strlen(binary[b].name) == blen && memcmp(binary[b].name, op->s, blen) == 0))
		b++;
	if (b == sizeof binary / sizeof *binary || r->nops != 3)
		return o;
	o.op = binary[b].op;
	bool mul = o.op == TC_LOP_MUL;
	/* mul.wide.u16/.u32: the product of the operands, zero-extended, in
	 * twice their bits (a block's offset: ntid.x * ctaid.x in 64 bits) */
	bool wide = mul && m.n == 2 && mod_is(&m, 0, "wide");
	/* mul.lo.TYPE; the others NAME.TYPE, without .sat, .cc, .hi */
	if (m.n != (mul ? 2u : 1u) || (mul && !wide && !mod_is(&m, 0, "lo")))
		return tc__ptx_no_lane;
	unsigned bits = int_type(&m, mul ? 1 : 0, &sign);
	if (wide && (sign != 'u' || bits > 32))
		return tc__ptx_no_lane;
	if (!bits && m.n == 1 && mod_is(&m, 0, "pred") &&
	    (o.op == TC_LOP_AND || o.op == TC_LOP_OR || o.op == TC_LOP_XOR)) {
		bits = 1; /* and.pred, or.pred, xor.pred: of one bit */
		sign = 'b';
	}
	if (!bits)
		return tc__ptx_no_lane;
	switch (o.op) {
	case TC_LOP_ADD:
	case TC_LOP_SUB:
	case TC_LOP_MUL:
		if (sign == 'b')
			return tc__ptx_no_lane;
		break;
	case TC_LOP_LSHR:
		if (sign == 's')
			o.op = TC_LOP_ASHR;
		break;
	case TC_LOP_UDIV:
	case TC_LOP_UREM:
		if (sign == 'b')
			return tc__ptx_no_lane;
		if (sign == 's')
			o.op = o.op == TC_LOP_UDIV ? TC_LOP_SDIV : TC_LOP_SREM;
		break;
	case TC_LOP_UMIN: /* min.u32, min.u64 (not signed, not .relu) */
		if (sign != 'u')
			return tc__ptx_no_lane;
		break;
	default:
		break;
	}
	o.bits = (uint8_t)(wide ? 2 * bits : bits);
	bool shift = o.op == TC_LOP_SHL || o.op == TC_LOP_LSHR || o.op == TC_LOP_ASHR;
	if (!lane_slot(&o, 0, x, 0, bits) ||
	    !lane_slot(&o, 1, &r->ops[2], reads_count(r, x), shift ? 32 : bits))
		return tc__ptx_no_lane;
	return o;
}

/*
 * mad.lo d, a, b, c for the warp's view: a record of its own for a * b (a
 * new register t, the same kind), and d as t + c, reading t and c; the same
 * dependences as d reading a, b and c. r->rd holds what the mad reads.
 */
int tc__ptx_mad_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src)
{
	opmods m;
	char sign = 0;
	if (r->nops != 4 || r->ops[0].k != O_REG || !split_mods(op, blen, &m) || m.n != 2 ||
	    !mod_is(&m, 0, "lo"))
		return TC_OK;
	unsigned bits = int_type(&m, 1, &sign);
	tc_lane_op mul = {TC_LOP_MUL, 0, (uint8_t)bits, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	tc_lane_op add = {TC_LOP_ADD, 0, (uint8_t)bits, {0, TC_NONE}, TC_NONE, {0, 0}};
	const opnd *a = &r->ops[1], *b = &r->ops[2], *c = &r->ops[3];
	uint32_t na = reads_count(r, a), nb = reads_count(r, b), nc = reads_count(r, c);
	if (!bits || sign == 'b' || !lane_slot(&mul, 0, a, 0, bits) ||
	    !lane_slot(&mul, 1, b, na, bits) || !lane_slot(&add, 1, c, 1, bits) ||
	    r->rd.len != (size_t)na + nb + nc)
		return TC_OK;
	uint32_t creg = nc ? r->rd.v[na + nb] : TC_NONE;
	uint32_t t = tc__ptx_new_reg(r);
	if (t == TC_NONE)
		return r->rc;
	r->rd.len = na + nb;
	r->cur_lane = mul;
	if (tc__ptx_emit(r, t, kind, src))
		return r->rc;
	r->rd.len = 0;
	if (tc__ptx_push(r, &r->rd, t) || (creg != TC_NONE && tc__ptx_push(r, &r->rd, creg)))
		return r->rc;
	r->cur_lane = add;
	return TC_OK;
}

/*
 * bfe.u32/.u64 d, a, pos, len with constants in range, for the warp's view:
 * t = a >> pos (a record of its own) and d = t & (2^len - 1), reading t.
 */
int tc__ptx_bfe_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src)
{
	opmods m;
	char sign = 0;
	if (r->nops != 4 || r->ops[0].k != O_REG || !split_mods(op, blen, &m) || m.n != 1)
		return TC_OK;
	unsigned bits = int_type(&m, 0, &sign);
	const opnd *a = &r->ops[1], *pos = &r->ops[2], *len = &r->ops[3];
	if (!bits || sign != 'u' || a->k != O_REG || a->reg == TC_NONE || r->rd.len != 1 ||
	    pos->k != O_IMM || !pos->known || len->k != O_IMM || !len->known || pos->off < 0 ||
	    len->off < 1 || pos->off + len->off > (int64_t)bits || len->off >= 64)
		return TC_OK;
	tc_lane_op shr = {TC_LOP_LSHR, TC_LOP_K1, (uint8_t)bits, {0, TC_NONE}, TC_NONE, {0, pos->off}};
	tc_lane_op mask = {TC_LOP_AND, TC_LOP_K1, (uint8_t)bits, {0, TC_NONE},
			  TC_NONE, {0, (int64_t)((UINT64_C(1) << len->off) - 1)}};
	uint32_t t = tc__ptx_new_reg(r);
	if (t == TC_NONE)
		return r->rc;
	r->cur_lane = shr;
	if (tc__ptx_emit(r, t, kind, src))
		return r->rc;
	r->rd.len = 0;
	if (tc__ptx_push(r, &r->rd, t))
		return r->rc;
	r->cur_lane = mask;
	return TC_OK;
}

