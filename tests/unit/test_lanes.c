/*
 * test_lanes.c - uniformity at warp granularity (src/analysis/lanes.h) on
 * functions described by hand: which thread-id computations are the same in
 * every lane of a warp (shifts, divisions and masks that drop the lane's
 * bits, comparisons with multiples of the warp size, a global index, a
 * block-stride loop counter), which are not (the lane's own bits, equality,
 * a narrowing cast), how the block's size changes that, and that control
 * divergence still reaches a base computed at a join.
 */
#include "fn.h"

#define EXIT UNIT_EXIT

static void run(fn *t)
{
	run_geom(t, 32, 0, 0, 0);
}

static void done(fn *t)
{
	tc__lanes_free(t->l);
}

#define WDIV(t, v) assert_true(tc__uniformity_value(tc__lanes_uniformity((t)->l), (v)))
#define WUNI(t, v) assert_false(tc__uniformity_value(tc__lanes_uniformity((t)->l), (v)))
#define BDIV(t, b) assert_true(tc__uniformity_branch(tc__lanes_uniformity((t)->l), (b)))
#define BUNI(t, b) assert_false(tc__uniformity_branch(tc__lanes_uniformity((t)->l), (b)))

/* What drops the lane's bits is the same in a warp; what keeps them is not. */
static void test_shifts_and_masks(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t shr5 = bin(&t, 0, TC_LOP_LSHR, tid, K(5));
	uint32_t shr4 = bin(&t, 0, TC_LOP_LSHR, tid, K(4));
	uint32_t ashr6 = bin(&t, 0, TC_LOP_ASHR, tid, K(6));
	uint32_t lane = bin(&t, 0, TC_LOP_AND, tid, K(31));
	uint32_t high = bin(&t, 0, TC_LOP_AND, K(-32), tid);
	uint32_t some = bin(&t, 0, TC_LOP_AND, tid, K(-16));
	uint32_t udiv = bin(&t, 0, TC_LOP_UDIV, tid, K(32));
	uint32_t sdiv = bin(&t, 0, TC_LOP_SDIV, tid, K(64));
	uint32_t div48 = bin(&t, 0, TC_LOP_UDIV, tid, K(48));
	/* tid % 64 is base + lane again: its warp index is the same in a warp */
	uint32_t rem = bin(&t, 0, TC_LOP_UREM, tid, K(64));
	uint32_t rem_shr = bin(&t, 0, TC_LOP_LSHR, rem, K(5));
	uint32_t rem16 = bin(&t, 0, TC_LOP_UREM, tid, K(16));
	uint32_t rem16_shr = bin(&t, 0, TC_LOP_LSHR, rem16, K(5));
	run(&t);
	WDIV(&t, tid);
	WUNI(&t, shr5);
	WDIV(&t, shr4);
	WUNI(&t, ashr6);
	WDIV(&t, lane);
	WUNI(&t, high);
	WDIV(&t, some);
	WUNI(&t, udiv);
	WUNI(&t, sdiv);
	WDIV(&t, div48);
	WDIV(&t, rem);
	WUNI(&t, rem_shr);
	WDIV(&t, rem16_shr);
	assert_true(tc__lanes_assumed(t.l));
	done(&t);
}

/* nvcc writes warp == 0, for int warp = threadIdx.x / 32, as
 * (unsigned)(tid + 31) <= 62: base + lane with an offset, ordered against a
 * constant, is the same in a warp when the constant less the offset is at a
 * warp's edge, and no side wraps (an unsigned compare with a negative
 * offset may). A thread index that is not small (tid + an aligned
 * argument) gets no offset. */
static void test_offsets(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t n = arg(&t);
	uint32_t p31 = bin(&t, 0, TC_LOP_ADD, tid, K(31));
	uint32_t gt62 = bin(&t, 0, TC_LOP_UGT, p31, K(62));
	uint32_t gt61 = bin(&t, 0, TC_LOP_UGT, p31, K(61));
	uint32_t sgt62 = bin(&t, 0, TC_LOP_SGT, p31, K(62));
	uint32_t p35 = bin(&t, 0, TC_LOP_ADD, p31, K(4)); /* tid + 35 */
	uint32_t lt67 = bin(&t, 0, TC_LOP_ULT, p35, K(67));
	uint32_t m5 = bin(&t, 0, TC_LOP_SUB, tid, K(5));
	uint32_t ult27 = bin(&t, 0, TC_LOP_ULT, m5, K(27));
	uint32_t slt27 = bin(&t, 0, TC_LOP_SLT, m5, K(27));
	uint32_t eq = bin(&t, 0, TC_LOP_EQ, p31, K(62));
	uint32_t big = bin(&t, 0, TC_LOP_ADD, tid, bin(&t, 0, TC_LOP_SHL, n, K(5)));
	uint32_t big31 = bin(&t, 0, TC_LOP_ADD, big, K(31));
	uint32_t big_gt = bin(&t, 0, TC_LOP_UGT, big31, K(62));
	run(&t);
	WDIV(&t, p31);
	WUNI(&t, gt62);
	WDIV(&t, gt61);
	WUNI(&t, sgt62);
	WUNI(&t, lt67);
	WDIV(&t, ult27);
	WUNI(&t, slt27);
	WDIV(&t, eq);
	WDIV(&t, big_gt);
	done(&t);
}

/* A partitioned warp's mask: exactly the lane's own aligned tile, from the
 * lane index or tid.x; the lane index is base + lane (its warp index the
 * same in a warp). Masks that name another tile, a tile of another size,
 * or do not hold the lane are not; nor is anything not evaluated. */

/* tc__lanes_group_mask's answer (it has the memory it needs) */
static bool group_mask(tc_lanes *l, uint32_t v, const tc_alloc *al)
{
	bool out = true;
	assert_int_equal(tc__lanes_group_mask(l, v, NULL, al, &out, NULL), TC_OK);
	return out;
}

/* ... and the span of the lanes it names (-1: not known) */
static int span(tc_lanes *l, uint32_t v, const tc_alloc *al)
{
	bool out;
	int sp = 99;
	assert_int_equal(tc__lanes_group_mask(l, v, NULL, al, &out, &sp), TC_OK);
	return sp;
}

/* The mask of a tile of 16 made from a parent of M lanes (a tile of 32,
 * all ones): made from the lane's rank among M's lanes,
 * popc(%lanemask_lt & M), only when popc(M) > 16, else M itself, a phi
 * joining the two. Lane by lane popc(M) is 32, so the edge that keeps M is
 * never taken: a tile of 16, where the branches' ways are known (not
 * without them). The twin tests popc(M) < 33, which holds: the parent's
 * mask comes in too, and the two disagree. */
static void parent_tile(fn *t, uint8_t cmp, int64_t k, uint32_t *mask)
{
	fn_init(t, 3);
	uint32_t m = copy(t, 0, bin(t, 0, TC_LOP_OR, K(0), K(0xffffffffll)), 32);
	uint32_t n = value(t, 0, TC_UA_PURE, TC_LOP_POPC);
	t->op[n].a[0] = m;
	use(t, m, n, 0);
	uint32_t lt = value(t, 1, TC_UA_SOURCE | TC_UA_NAMED, TC_LOP_LANEMASK);
	t->op[lt].k[0] = TC_LANEMASK_LT;
	uint32_t rank = value(t, 1, TC_UA_PURE, TC_LOP_POPC);
	t->op[rank].a[0] = bin(t, 1, TC_LOP_AND, lt, m);
	use(t, t->op[rank].a[0], rank, 1);
	uint32_t tile = bin(t, 1, TC_LOP_SHL, K(0xffff), bin(t, 1, TC_LOP_AND, rank, K(-16)));
	branch(t, 0, bin(t, 0, cmp, n, K(k)), 2, 1);
	t->way[0] = TC_WAY_FIRST;
	edge(t, 1, 2);
	edge(t, 2, EXIT);
	*mask = phi(t, 2, m, 0, tile, 1);
}

static void test_parent_tile(void **state)
{
	(void)state;
	fn t;
	uint32_t mask;
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	bool out = false;
	parent_tile(&t, TC_LOP_ULT, 17, &mask);
	run(&t);
	int sp = -1;
	assert_int_equal(tc__lanes_group_mask(t.l, mask, t.way, &al, &out, &sp), TC_OK);
	assert_true(out);
	assert_int_equal(sp, 4);
	assert_false(group_mask(t.l, mask, &al)); /* no way known */
	done(&t);
	parent_tile(&t, TC_LOP_ULT, 33, &mask);
	run(&t);
	assert_int_equal(tc__lanes_group_mask(t.l, mask, t.way, &al, &out, NULL), TC_OK);
	assert_false(out);
	done(&t);
}

static void test_group_masks(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t lid = source(&t, 0, TC_LOP_LANE);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t n = arg(&t);
	uint32_t lid_warp = bin(&t, 0, TC_LOP_LSHR, lid, K(5));
	/* 0xffff << (laneid & -16): tiles of 16 */
	uint32_t m16 = bin(&t, 0, TC_LOP_SHL, K(0xffff), bin(&t, 0, TC_LOP_AND, lid, K(-16)));
	/* 0xff << ((tid & 31) & ~7): tiles of 8 */
	uint32_t lane = bin(&t, 0, TC_LOP_AND, tid, K(31));
	uint32_t m8 = bin(&t, 0, TC_LOP_SHL, K(0xff), bin(&t, 0, TC_LOP_AND, lane, K(~7ll)));
	/* 0xf << ((tid % 32) / 4 * 4): tiles of 4 */
	uint32_t q = bin(&t, 0, TC_LOP_UDIV, bin(&t, 0, TC_LOP_UREM, tid, K(32)), K(4));
	uint32_t m4 = bin(&t, 0, TC_LOP_SHL, K(0xf), bin(&t, 0, TC_LOP_MUL, q, K(4)));
	/* the full mask, a tile of 32 */
	uint32_t full = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0xffffffffll)), 32);
	/* 0xffff << (tid & 8): misplaced; 0xffff << (lane & ~7): a tile of 8
	 * under a mask of 16; 0xff << ((lane + 8) & 24): not the lane's own */
	uint32_t bad_place = bin(&t, 0, TC_LOP_SHL, K(0xffff), bin(&t, 0, TC_LOP_AND, tid, K(8)));
	uint32_t bad_size = bin(&t, 0, TC_LOP_SHL, K(0xffff), bin(&t, 0, TC_LOP_AND, lane, K(~7ll)));
	uint32_t not_own = bin(&t, 0, TC_LOP_SHL, K(0xff),
			       bin(&t, 0, TC_LOP_AND, bin(&t, 0, TC_LOP_ADD, lane, K(8)), K(24)));
	/* (tid & 16) ? 0xffff0000 : 0xffff, and by bit 3 instead */
	uint32_t sel = bin(&t, 0, TC_LOP_SELECT, K(0xffff0000ll), K(0xffff));
	t.op[sel].cond = bin(&t, 0, TC_LOP_NE, bin(&t, 0, TC_LOP_AND, tid, K(16)), K(0));
	use(&t, t.op[sel].cond, sel, 0);
	uint32_t bad_sel = bin(&t, 0, TC_LOP_SELECT, K(0xffff0000ll), K(0xffff));
	t.op[bad_sel].cond = bin(&t, 0, TC_LOP_NE, bin(&t, 0, TC_LOP_AND, tid, K(8)), K(0));
	use(&t, t.op[bad_sel].cond, bad_sel, 0);
	/* a tile size from an argument; the lane as a mask */
	uint32_t sized = bin(&t, 0, TC_LOP_SHL, n, bin(&t, 0, TC_LOP_AND, lid, K(-16)));
	/* constants: lanes 0 .. 15, lanes 3 and 4, lanes 7 and 8, lane 3,
	 * none; the lanes' own bit (lanes 0 .. 31, one each) */
	uint32_t c16 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0xffff)), 32);
	uint32_t c8 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0x18)), 32);
	uint32_t c_mid = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0x180)), 32);
	uint32_t c1 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(8)), 32);
	uint32_t c0 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0)), 32);
	uint32_t own = bin(&t, 0, TC_LOP_SHL, K(1), lid);
	run(&t);
	WDIV(&t, lid);
	WUNI(&t, lid_warp);
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	assert_true(group_mask(t.l, m16, &al));
	assert_true(group_mask(t.l, m8, &al));
	assert_true(group_mask(t.l, m4, &al));
	assert_true(group_mask(t.l, full, &al));
	assert_false(group_mask(t.l, bad_place, &al));
	assert_false(group_mask(t.l, bad_size, &al));
	assert_false(group_mask(t.l, not_own, &al));
	assert_true(group_mask(t.l, sel, &al));
	assert_false(group_mask(t.l, bad_sel, &al));
	assert_false(group_mask(t.l, sized, &al));
	assert_false(group_mask(t.l, lane, &al));
	/* the span of the lanes named: a tile's size, or what holds a constant */
	assert_int_equal(span(t.l, m16, &al), 4);
	assert_int_equal(span(t.l, m8, &al), 3);
	assert_int_equal(span(t.l, m4, &al), 2);
	assert_int_equal(span(t.l, full, &al), 5);
	assert_int_equal(span(t.l, sel, &al), 4);
	assert_int_equal(span(t.l, bad_place, &al), 5); /* lanes 8 .. 23 */
	assert_int_equal(span(t.l, c16, &al), 4);
	assert_int_equal(span(t.l, c8, &al), 3);
	assert_int_equal(span(t.l, c_mid, &al), 4);
	assert_int_equal(span(t.l, c1, &al), 0);
	assert_int_equal(span(t.l, c0, &al), -1);
	assert_int_equal(span(t.l, own, &al), 0);
	assert_int_equal(span(t.l, sized, &al), -1);
	/* a block of 48 threads in x, two rows: tid.x is not base + lane */
	run_geom(&t, 32, 48, 2, 1);
	assert_false(group_mask(t.l, m8, &al));
	assert_true(group_mask(t.l, m16, &al));
	done(&t);
}

/* The mask tiled_partition(parent, 16) computes at run time: 0xffffffff >>
 * (32 - len) << (laneid & -16), len = min(size - (rank & -16), 16), size
 * ntid.x * ntid.y * ntid.z, rank (tid.z * ntid.y + tid.y) * ntid.x + tid.x.
 * A tile of 16 when the block's x size is whole warps, min as umin or as
 * a select on a comparison; not with the size from an argument, a size
 * without ntid.z, a rank's row scaled by ntid.y instead of ntid.x, or a
 * block of one row whose x size is 40 (its last tile has 8 lanes). */
static uint32_t dyn_mask(fn *t, uint32_t size, uint32_t rank, uint32_t lid, bool select)
{
	uint32_t left = bin(t, 0, TC_LOP_SUB, size, bin(t, 0, TC_LOP_AND, rank, K(-16)));
	uint32_t len;
	if (select) {
		len = bin(t, 0, TC_LOP_SELECT, left, K(16));
		t->op[len].cond = bin(t, 0, TC_LOP_ULT, left, K(16));
		use(t, t->op[len].cond, len, 0);
	} else {
		len = bin(t, 0, TC_LOP_UMIN, K(16), left);
	}
	uint32_t ones = bin(t, 0, TC_LOP_LSHR, K(0xffffffffll), bin(t, 0, TC_LOP_SUB, K(32), len));
	return bin(t, 0, TC_LOP_SHL, ones, bin(t, 0, TC_LOP_AND, lid, K(-16)));
}

static void test_dynamic_tiles(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t lid = source(&t, 0, TC_LOP_LANE);
	uint32_t tx = source(&t, 0, TC_LOP_TID_X), ty = source(&t, 0, TC_LOP_TID_Y),
		 tz = source(&t, 0, TC_LOP_TID_Z);
	uint32_t nx = value(&t, 0, 0, TC_LOP_NTID_X), ny = value(&t, 0, 0, TC_LOP_NTID_Y),
		 nz = value(&t, 0, 0, TC_LOP_NTID_Z), n = arg(&t);
	uint32_t row = bin(&t, 0, TC_LOP_ADD, bin(&t, 0, TC_LOP_MUL, tz, ny), ty);
	uint32_t rank = bin(&t, 0, TC_LOP_ADD, tx, bin(&t, 0, TC_LOP_MUL, nx, row));
	uint32_t size = bin(&t, 0, TC_LOP_MUL, nz, bin(&t, 0, TC_LOP_MUL, ny, nx));
	uint32_t m = dyn_mask(&t, size, rank, lid, false);
	uint32_t m_sel = dyn_mask(&t, size, rank, lid, true);
	uint32_t m_arg = dyn_mask(&t, n, rank, lid, false);
	uint32_t m_two = dyn_mask(&t, bin(&t, 0, TC_LOP_MUL, nx, ny), rank, lid, false);
	uint32_t bad_rank = bin(&t, 0, TC_LOP_ADD, tx, bin(&t, 0, TC_LOP_MUL, ny, row));
	uint32_t m_bad_rank = dyn_mask(&t, size, bad_rank, lid, false);
	run(&t);
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	assert_true(group_mask(t.l, m, &al));
	assert_true(group_mask(t.l, m_sel, &al));
	assert_false(group_mask(t.l, m_arg, &al));
	assert_false(group_mask(t.l, m_two, &al));
	assert_false(group_mask(t.l, m_bad_rank, &al));
	run_geom(&t, 32, 64, 2, 1);
	assert_true(group_mask(t.l, m, &al));
	run_geom(&t, 32, 40, 1, 1);
	assert_false(group_mask(t.l, m, &al));
	done(&t);
}

/* Comparisons with a multiple of the warp size (<, >=; <= and > with one
 * less) are the same in a warp, either way round; equality is not. */
static void test_comparisons(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t lt32 = bin(&t, 0, TC_LOP_ULT, tid, K(32));
	uint32_t lt48 = bin(&t, 0, TC_LOP_ULT, tid, K(48));
	uint32_t le63 = bin(&t, 0, TC_LOP_ULE, tid, K(63));
	uint32_t le64 = bin(&t, 0, TC_LOP_SLE, tid, K(64));
	uint32_t gt31 = bin(&t, 0, TC_LOP_UGT, tid, K(31));
	uint32_t k_lt = bin(&t, 0, TC_LOP_SLT, K(95), tid); /* 95 < tid: tid > 95 */
	uint32_t k_le = bin(&t, 0, TC_LOP_ULE, K(96), tid); /* tid >= 96 */
	uint32_t eq = bin(&t, 0, TC_LOP_EQ, tid, K(0));
	uint32_t ge = bin(&t, 0, TC_LOP_SGE, tid, K(128));
	run(&t);
	WUNI(&t, lt32);
	WDIV(&t, lt48);
	WUNI(&t, le63);
	WDIV(&t, le64);
	WUNI(&t, gt31);
	WUNI(&t, k_lt);
	WUNI(&t, k_le);
	WDIV(&t, eq);
	WUNI(&t, ge);
	done(&t);
}

/* blockIdx.x * blockDim.x + threadIdx.x is base + lane (the block's x size
 * a multiple of 32): its warp index is the same in a warp; a bound rounded
 * up to 32 is too, an arbitrary one is not. */
static void test_global_index(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t n = arg(&t);
	uint32_t bid = arg(&t);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t ntid = value(&t, 0, 0, TC_LOP_NTID_X);
	uint32_t base = bin(&t, 0, TC_LOP_MUL, bid, ntid);
	uint32_t gid = bin(&t, 0, TC_LOP_ADD, base, tid);
	uint32_t warp = bin(&t, 0, TC_LOP_LSHR, gid, K(5));
	uint32_t in_n = bin(&t, 0, TC_LOP_ULT, gid, n);
	uint32_t n31 = bin(&t, 0, TC_LOP_ADD, n, K(31));
	uint32_t n32 = bin(&t, 0, TC_LOP_AND, n31, K(-32));
	uint32_t in_n32 = bin(&t, 0, TC_LOP_ULT, gid, n32);
	uint32_t shifted = bin(&t, 0, TC_LOP_SHL, n, K(5));
	uint32_t in_shifted = bin(&t, 0, TC_LOP_SGE, gid, shifted);
	/* tid - 32 * bid stays base + lane; 32 * bid - tid does not */
	uint32_t minus = bin(&t, 0, TC_LOP_SUB, tid, shifted);
	uint32_t minus_warp = bin(&t, 0, TC_LOP_LSHR, minus, K(5));
	uint32_t rev = bin(&t, 0, TC_LOP_SUB, shifted, tid);
	uint32_t rev_warp = bin(&t, 0, TC_LOP_LSHR, rev, K(5));
	run(&t);
	WDIV(&t, gid);
	WUNI(&t, warp);
	WDIV(&t, in_n);
	WUNI(&t, in_n32);
	WUNI(&t, in_shifted);
	WUNI(&t, minus_warp);
	WDIV(&t, rev_warp);
	/* a block of 48 threads: the global index crosses warps unevenly */
	run_geom(&t, 32, 48, 1, 1);
	WDIV(&t, warp);
	assert_false(tc__lanes_assumed(t.l));
	done(&t);
}

/* The block's size decides: one row of any length keeps tid.x's structure;
 * rows that are not whole warps lose it, and tid.y with it. */
static void test_block_size(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t y = source(&t, 0, TC_LOP_TID_Y);
	uint32_t z = source(&t, 0, TC_LOP_TID_Z);
	uint32_t shr = bin(&t, 0, TC_LOP_LSHR, tid, K(5));
	run(&t);
	WUNI(&t, shr);
	WUNI(&t, y);
	WUNI(&t, z);
	run_geom(&t, 32, 48, 1, 1);
	WUNI(&t, shr);
	run_geom(&t, 32, 48, 2, 1);
	WDIV(&t, shr);
	WDIV(&t, y);
	WUNI(&t, z); /* one layer */
	run_geom(&t, 32, 16, 4, 2);
	WDIV(&t, y);
	WUNI(&t, z); /* 16 * 4 = 64 threads a layer: whole warps */
	run_geom(&t, 32, 64, 2, 2);
	WUNI(&t, shr);
	WUNI(&t, y);
	/* no lanes known (SPIR-V): thread ids differ, as at block level */
	run_geom(&t, 0, 0, 0, 0);
	WDIV(&t, shr);
	WDIV(&t, y);
	assert_false(tc__lanes_assumed(t.l));
	done(&t);
}

/* A block-stride loop: i = tid, tid + ntid, ...; i < n exits in different
 * iterations in different lanes, i < n rounded up to 32 does not. */
static void test_stride_loops(void **state)
{
	(void)state;
	for (int rounded = 0; rounded < 2; rounded++) {
		fn t;
		fn_init(&t, 3);
		uint32_t n = arg(&t);
		uint32_t tid = source(&t, 0, TC_LOP_TID_X);
		uint32_t ntid = value(&t, 0, 0, TC_LOP_NTID_X);
		uint32_t bound = n;
		if (rounded) {
			uint32_t n31 = bin(&t, 0, TC_LOP_ADD, n, K(31));
			bound = bin(&t, 0, TC_LOP_AND, n31, K(-32));
		}
		edge(&t, 0, 1);
		uint32_t i = value(&t, 1, TC_UA_PHI, TC_LOP_PHI);
		uint32_t c = bin(&t, 1, TC_LOP_ULT, i, bound);
		branch(&t, 1, c, 2, EXIT);
		uint32_t next = bin(&t, 2, TC_LOP_ADD, i, ntid);
		edge(&t, 2, 1);
		use(&t, tid, i, 0);
		use(&t, next, i, 2);
		run(&t);
		WDIV(&t, i);
		if (rounded)
			BUNI(&t, 1);
		else
			BDIV(&t, 1);
		done(&t);
	}
}

/* Control divergence at warp level: a join of a lane-dependent branch makes
 * its phi divergent, also when the phi is only the base of base + lane; a
 * join of a warp-uniform branch does not. */
static void test_control(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 6);
	uint32_t a = arg(&t), b = arg(&t);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t lane = bin(&t, 0, TC_LOP_AND, tid, K(31));
	uint32_t first = bin(&t, 0, TC_LOP_EQ, lane, K(0));
	uint32_t a32 = bin(&t, 0, TC_LOP_SHL, a, K(5));
	uint32_t b32 = bin(&t, 0, TC_LOP_SHL, b, K(5));
	branch(&t, 0, first, 1, 2);
	edge(&t, 1, 2);
	uint32_t p = phi(&t, 2, a32, 0, b32, 1);
	uint32_t x = bin(&t, 2, TC_LOP_ADD, tid, p);
	uint32_t xw = bin(&t, 2, TC_LOP_LSHR, x, K(5));
	uint32_t warp = bin(&t, 2, TC_LOP_LSHR, tid, K(5));
	uint32_t one = bin(&t, 2, TC_LOP_EQ, warp, K(1));
	branch(&t, 2, one, 3, 4);
	edge(&t, 3, 4);
	uint32_t q = phi(&t, 4, a, 2, b, 3);
	uint32_t y = bin(&t, 4, TC_LOP_ADD, tid, a32);
	uint32_t yw = bin(&t, 4, TC_LOP_LSHR, y, K(5));
	edge(&t, 4, 5);
	edge(&t, 5, EXIT);
	run(&t);
	BDIV(&t, 0);
	WDIV(&t, p);
	WDIV(&t, xw);
	BUNI(&t, 2);
	WUNI(&t, q);
	WUNI(&t, yw);
	done(&t);
}

/* Warp-level facts of the front end: a vote's result is the same in a
 * warp whatever its operands; a shuffle from one lane is when its source
 * lane is; a cast to one bit keeps nothing of base + lane. */
static void test_warp_values(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t vote = value(&t, 0, TC_UA_SOURCE, TC_LOP_WARP);
	use(&t, tid, vote, 0);
	uint32_t from0 = value(&t, 0, TC_UA_SOURCE, TC_LOP_BROADCAST);
	use(&t, tid, from0, 0); /* the value shuffled, not the source lane */
	uint32_t fromtid = value(&t, 0, TC_UA_SOURCE, TC_LOP_BROADCAST);
	t.op[fromtid].a[0] = tid;
	use(&t, tid, fromtid, 0);
	uint32_t bit = copy(&t, 0, tid, 1);
	uint32_t wide = copy(&t, 0, bit, 32);
	uint32_t wide_shr = bin(&t, 0, TC_LOP_LSHR, wide, K(5));
	uint32_t sub = value(&t, 0, TC_UA_SOURCE | TC_UA_NAMED, TC_LOP_WARP);
	uint32_t after = bin(&t, 0, TC_LOP_ADD, sub, K(1));
	run(&t);
	WUNI(&t, vote);
	WUNI(&t, from0);
	WDIV(&t, fromtid);
	WDIV(&t, wide_shr);
	WUNI(&t, after);
	done(&t);
}

/* Aligned groups of lanes (geom.group): at groups of 8, tid.x >> 3 is the
 * same in a group and tid.x & 7 is not; the lane count of a tile of 8,
 * popc of its mask, is the same in every group (and in the warp), a rank
 * in it is not. A shuffle whose clamp sets segments of 8 lanes
 * (0x181f) with the tile's mask reads, in each segment, the lane its
 * source index names there: the same in a group of 8 when the index is
 * (not in the warp); segments of 16 under a mask of 8 lanes, or an index
 * that differs in the group, are not. */
static void test_groups(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 1);
	edge(&t, 0, EXIT);
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t lid = source(&t, 0, TC_LOP_LANE);
	uint32_t shr3 = bin(&t, 0, TC_LOP_LSHR, tid, K(3));
	uint32_t low3 = bin(&t, 0, TC_LOP_AND, tid, K(7));
	/* the tile's mask, 0xff << (laneid & ~7), its count and a rank */
	uint32_t m8 = bin(&t, 0, TC_LOP_SHL, K(0xff), bin(&t, 0, TC_LOP_AND, lid, K(-8)));
	uint32_t count = value(&t, 0, TC_UA_PURE, TC_LOP_POPC);
	t.op[count].a[0] = m8;
	use(&t, m8, count, 0);
	uint32_t lt = value(&t, 0, TC_UA_SOURCE | TC_UA_NAMED, TC_LOP_LANEMASK);
	t.op[lt].k[0] = TC_LANEMASK_LT;
	uint32_t rank = value(&t, 0, TC_UA_PURE, TC_LOP_POPC);
	t.op[rank].a[0] = bin(&t, 0, TC_LOP_AND, lt, m8);
	use(&t, t.op[rank].a[0], rank, 0);
	/* shuffles from lane (tid >> 3) & 7 of the segment, from lane 0 of a
	 * segment of 16, from the lane's own index */
	uint32_t src = bin(&t, 0, TC_LOP_AND, shr3, K(7));
	uint32_t clamp8 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0x181f)), 32);
	uint32_t clamp16 = copy(&t, 0, bin(&t, 0, TC_LOP_OR, K(0), K(0x101f)), 32);
	uint32_t sh[3];
	uint32_t from[3] = {src, src, low3}, clamp[3] = {clamp8, clamp16, clamp8};
	for (int i = 0; i < 3; i++) {
		sh[i] = value(&t, 0, TC_UA_SOURCE, TC_LOP_BROADCAST);
		t.op[sh[i]].a[0] = from[i];
		t.op[sh[i]].a[1] = clamp[i];
		t.op[sh[i]].k[1] = 0x1f;
		t.op[sh[i]].cond = m8;
		use(&t, from[i], sh[i], 0);
		use(&t, clamp[i], sh[i], 0);
		use(&t, m8, sh[i], 0);
		use(&t, tid, sh[i], 0); /* the value shuffled */
	}
	run_group(&t, 32, 8, 0, 0, 0);
	WUNI(&t, shr3);
	WDIV(&t, low3);
	WUNI(&t, count);
	WDIV(&t, rank);
	WUNI(&t, sh[0]);
	WDIV(&t, sh[1]);
	WDIV(&t, sh[2]);
	/* the warp */
	run_geom(&t, 32, 0, 0, 0);
	WDIV(&t, shr3);
	WUNI(&t, count);
	WDIV(&t, sh[0]);
	done(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shifts_and_masks), cmocka_unit_test(test_comparisons),
		cmocka_unit_test(test_global_index),     cmocka_unit_test(test_block_size),
		cmocka_unit_test(test_stride_loops),     cmocka_unit_test(test_control),
		cmocka_unit_test(test_warp_values),      cmocka_unit_test(test_group_masks),
		cmocka_unit_test(test_parent_tile),
		cmocka_unit_test(test_offsets),          cmocka_unit_test(test_dynamic_tiles),
		cmocka_unit_test(test_groups),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
