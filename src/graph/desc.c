/* desc.c - what a reader describes of a function, put together (desc.h). */
#include "graph/desc.h"
#include "util/diag.h"
#include "graph/module.h"
#include "util/mem.h"

#include <string.h>

int tc__arg_tests_start(const tc_alloc *al, tc_arg_tests *t, uint32_t ncoll)
{
	t->n = 0;
	t->ncoll = ncoll;
	if (tc__grow(al, &t->off, &t->off_cap, (size_t)ncoll + 1, sizeof *t->off))
		return TC_ENOMEM;
	t->off[0] = t->off[ncoll] = 0;
	return TC_OK;
}

void tc__arg_tests_next(tc_arg_tests *t, uint32_t k)
{
	t->off[k] = t->off[t->ncoll] = (uint32_t)t->n;
}

int tc__arg_tests_add(const tc_alloc *al, tc_arg_tests *t, uint32_t v, bool always,
		      unsigned arg, bool mask, const char *name)
{
	if (tc__grow(al, &t->test, &t->cap, t->n + 1, sizeof *t->test))
		return TC_ENOMEM;
	t->test[t->n++] = (tc_arg_test){v, (uint8_t)arg, always, mask, name, -1};
	t->off[t->ncoll] = (uint32_t)t->n;
	return TC_OK;
}

int tc__arg_tests_add_mask(const tc_alloc *al, tc_arg_tests *t, unsigned arg, int64_t k,
			   const char *name)
{
	int rc = tc__arg_tests_add(al, t, TC_NONE, false, arg, true, name);
	if (!rc)
		t->test[t->n - 1].k = k;
	return rc;
}

void tc__arg_tests_free(const tc_alloc *al, tc_arg_tests *t)
{
	tc__free(al, t->test);
	tc__free(al, t->off);
	t->test = NULL;
	t->off = NULL;
	t->n = t->cap = t->off_cap = 0;
}

uint32_t tc__block_of_node(const uint32_t *last, uint32_t nblocks, uint32_t node)
{
	uint32_t b = tc__u32_lower_bound(last, nblocks, node);
	return b < nblocks ? b : TC_NONE;
}

uint32_t tc__branch_way(const tc_ua_func *f, const uint8_t *way, uint32_t b, bool holds)
{
	uint32_t s0 = f->succ_off[b];
	if (!way || way[b] == TC_WAY_UNKNOWN || f->succ_off[b + 1] - s0 != 2 ||
	    f->succ[s0] == f->succ[s0 + 1] || f->cond[b] >= f->nvalues)
		return TC_NONE;
	return f->succ[holds == (way[b] == TC_WAY_FIRST) ? s0 : s0 + 1];
}

int tc__ua_operands(tc_arena *ar, const tc_ua_func *f, uint32_t **off, uint32_t **val,
		    uint32_t **blk)
{
	uint32_t nv = f->nvalues, nuse = f->use_off[nv];
	uint32_t *o = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nv + 2);
	uint32_t *v = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nuse + 1);
	uint32_t *b = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nuse + 1);
	if (!o || !v || !b)
		return TC_ENOMEM;
	for (uint32_t x = 0; x < nuse; x++)
		if (f->user[x] < nv)
			o[f->user[x] + 2]++;
	for (uint32_t u = 0; u < nv; u++)
		o[u + 2] += o[u + 1];
	/* o[u + 1] is u's cursor, and ends at u + 1's start */
	for (uint32_t w = 0; w < nv; w++)
		for (uint32_t x = f->use_off[w]; x < f->use_off[w + 1]; x++) {
			uint32_t u = f->user[x];
			if (u < nv) {
				v[o[u + 1]] = w;
				b[o[u + 1]++] = f->use_block[x];
			}
		}
	*off = o;
	*val = v;
	*blk = b;
	return TC_OK;
}

void tc__fn_read_block_size(tc_fn_read *in, const uint32_t *given, const uint32_t *declared)
{
	static const uint32_t none[3] = {0, 0, 0};
	bool any = given && (given[0] || given[1] || given[2]);
	memcpy(in->block_size, any ? given : declared ? declared : none, sizeof in->block_size);
}

void tc__fn_read_collectives(tc_fn_read *in, tc_collective *coll, uint32_t ncoll,
			     const tc_arg_tests *t)
{
	in->coll = coll;
	in->ncoll = ncoll;
	in->test_off = t->off;
	in->test = t->test;
}

int tc__fn_read_send(const tc_fn_sink *sink, tc_module *m, tc_fn_read *in, double *seconds)
{
	int rc = sink->fn(sink->ctx, m, in);
	*seconds += in->uniformity_s;
	return rc;
}

void tc__fn_read_release(tc_module *m, tc_fn_read *in)
{
	tc__free(&m->al, in->coll);
	tc__fn_desc_free(&m->al, in->desc);
	in->coll = NULL;
	in->desc = NULL;
}

int tc__read_args(const tc_read_options *opt, const void *data, size_t len, const char *file,
		  tc_diag *diag)
{
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       file, diag))
		return TC_EINVAL;
	if (!data && len)
		return tc__diag(diag, TC_EINVAL, file, 0, 0, "no data");
	return TC_OK;
}
