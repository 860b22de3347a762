/*
 * traced.c - values followed back through copies (traced.h).
 */
#include "analysis/traced.h"

/* What d's values compute: the warp's view, else the arithmetic (the same
 * copies: graph/desc.h); NULL when d says neither. */
static const tc_lane_op *ops_of(const tc_fn_desc *d)
{
	return d->lop ? d->lop : d->arith;
}

/* The parameter that value v copies, through copies (ops_of says which
 * values are), or TC_NONE; in *bits (may be NULL) the fewest
 * bits a copy on the way, or the read of the parameter, keeps (0: none
 * says): what of the caller's value v is. */
uint32_t tc__traced_param(const tc_fn_desc *d, uint32_t v, unsigned *bits)
{
	unsigned ignored;
	if (!bits)
		bits = &ignored;
	*bits = 0;
	const tc_lane_op *ops = ops_of(d);
	for (int steps = 0; steps < 64 && v < d->f.nvalues; steps++) {
		unsigned b = ops ? ops[v].bits : 0;
		if (b && (!*bits || b < *bits))
			*bits = b;
		for (uint32_t k = 0; k < d->nparam_values; k++)
			if (d->param_value[k] == v) /* the parameter: its read at byte 0 */
				return tc__fn_desc_param_off(d, k) ? TC_NONE : d->param_index[k];
		if (!ops)
			return TC_NONE;
		const tc_lane_op *o = &ops[v];
		if (o->op != TC_LOP_COPY || (o->flags & TC_LOP_K0) || o->a[0] == TC_NONE)
			return TC_NONE;
		v = o->a[0];
	}
	return TC_NONE;
}

/* Whether a constant k is the same read with bits (0: any) bits. */
bool tc__traced_fits(int64_t k, unsigned bits)
{
	return k >= 0 && (!bits || bits >= 64 || k < (INT64_C(1) << (bits - 1)));
}

/* The integer constant value v is through copies (*k), and in *bits the
 * fewest bits a copy on the way keeps (32 at most); false: none. */
bool tc__traced_k(const tc_fn_desc *d, uint32_t v, int64_t *k, unsigned *bits)
{
	*bits = 32;
	const tc_lane_op *ops = ops_of(d);
	for (int steps = 0; steps < 64 && ops && v < d->f.nvalues; steps++) {
		const tc_lane_op *o = &ops[v];
		if (o->op != TC_LOP_COPY)
			return false;
		if (o->bits && o->bits < *bits)
			*bits = o->bits;
		if (o->flags & TC_LOP_K0) {
			*k = o->k[0];
			return true;
		}
		v = o->a[0];
	}
	return false;
}

/* Whether value v is, through copies, the integer constant of all ones. */
bool tc__traced_ones(const tc_fn_desc *d, uint32_t v)
{
	int64_t k;
	unsigned bits;
	return tc__traced_k(d, v, &k, &bits) && (k == -1 || k == INT64_C(0xffffffff));
}
