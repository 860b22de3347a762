/* lanerange.c - intervals through a lane op's arithmetic (lanerange.h). */
#include "graph/lanerange.h"

#define CAP TC_RANGE_CAP

bool tc__range_nonneg(tc_range r)
{
	return r.lo >= 0 && r.lo <= r.hi && r.hi < CAP;
}

bool tc__range_small(tc_range r)
{
	return r.lo > -CAP && r.lo <= r.hi && r.hi < CAP;
}

bool tc__range_fits(tc_range r, uint8_t bits)
{
	return tc__range_nonneg(r) && (!bits || bits >= 64 || r.hi < (INT64_C(1) << (bits - 1)));
}

/* 2^k - 1 for the least k with x < 2^k (x >= 0). */
static int64_t ones_above(int64_t x)
{
	int64_t m = 0;
	while (m < x)
		m = m * 2 + 1;
	return m;
}

bool tc__lop_range(const tc_lane_op *o, const tc_range x2[2], const bool has[2], tc_range *out)
{
	tc_range v[2];
	bool h[2];
	for (int i = 0; i < 2; i++) {
		if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0)) {
			v[i] = (tc_range){o->k[i], o->k[i]};
			h[i] = tc__range_small(v[i]);
		} else {
			v[i] = x2[i];
			h[i] = has[i] && tc__range_small(v[i]);
		}
	}
	tc_range x = v[0], y = v[1];
	bool hx = h[0], hy = h[1];
	if (o->op == TC_LOP_COPY) { /* a cast of a number that fits both widths */
		*out = x;
		return hx && tc__range_fits(x, o->bits);
	}
	if (!o->bits) /* arithmetic of a width not known: it may wrap */
		return false;
	switch (o->op) {
	case TC_LOP_ADD:
		if (!hx || !hy)
			return false;
		*out = (tc_range){x.lo + y.lo, x.hi + y.hi};
		break;
	case TC_LOP_SUB:
		if (!hx || !hy)
			return false;
		*out = (tc_range){x.lo - y.hi, x.hi - y.lo};
		break;
	case TC_LOP_MUL:
		if (!hx || !hy || !tc__range_nonneg(x) || !tc__range_nonneg(y) ||
		    (x.hi && y.hi > (CAP - 1) / x.hi))
			return false;
		*out = (tc_range){x.lo * y.lo, x.hi * y.hi};
		break;
	case TC_LOP_SHL:
		if (!hx || !hy || !tc__range_nonneg(x) || y.lo != y.hi || y.lo < 0 || y.lo >= 62 ||
		    x.hi > (CAP - 1) >> y.lo)
			return false;
		*out = (tc_range){x.lo << y.lo, x.hi << y.lo};
		break;
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
		if (!hx || !hy || !tc__range_nonneg(x) || y.lo != y.hi || y.lo < 0 || y.lo >= 63)
			return false;
		*out = (tc_range){x.lo >> y.lo, x.hi >> y.lo};
		break;
	case TC_LOP_UDIV:
	case TC_LOP_SDIV:
		if (!hx || !hy || !tc__range_nonneg(x) || !tc__range_nonneg(y) || y.lo < 1)
			return false;
		*out = (tc_range){x.lo / y.hi, x.hi / y.lo};
		break;
	case TC_LOP_UREM:
	case TC_LOP_SREM:
		if (!hx || !hy || !tc__range_nonneg(x) || !tc__range_nonneg(y) || y.lo < 1)
			return false;
		*out = x.hi < y.lo ? x : (tc_range){0, x.hi < y.hi - 1 ? x.hi : y.hi - 1};
		break;
	case TC_LOP_AND: /* no more bits than a non-negative operand has */
	case TC_LOP_UMIN: /* no more than a non-negative operand */
		if (hx && tc__range_nonneg(x) && hy && tc__range_nonneg(y))
			*out = o->op == TC_LOP_AND
				   ? (tc_range){0, x.hi < y.hi ? x.hi : y.hi}
				   : (tc_range){x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi};
		else if (hx && tc__range_nonneg(x))
			*out = (tc_range){0, x.hi};
		else if (hy && tc__range_nonneg(y))
			*out = (tc_range){0, y.hi};
		else
			return false;
		break;
	case TC_LOP_OR:
	case TC_LOP_XOR:
		if (!hx || !hy || !tc__range_nonneg(x) || !tc__range_nonneg(y))
			return false;
		*out = (tc_range){o->op == TC_LOP_OR ? (x.lo > y.lo ? x.lo : y.lo) : 0,
				  ones_above(x.hi > y.hi ? x.hi : y.hi)};
		break;
	case TC_LOP_SELECT:
		if (!hx || !hy)
			return false;
		*out = (tc_range){x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi};
		break;
	default:
		return false;
	}
	return tc__range_fits(*out, o->bits);
}
