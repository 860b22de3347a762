/* module.c - the graphs read from one input, and what a front end knows of them. */
#include "graph/module.h"
#include "graph/graph.h"
#include "util/diag.h"

#include <string.h>

int tc__module_new(tc_module **out, const tc_allocator *alloc)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = tc__calloc(&al, 1, sizeof **out);
	if (!*out)
		return TC_ENOMEM;
	(*out)->al = al;
	return TC_OK;
}

int tc__module_add_info(tc_module *m, tc_graph *g, bool kernel, tc_loc *branch_loc,
			uint32_t nloc)
{
	if (m->count == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 4;
		tc_graph **v = tc__realloc(&m->al, m->graphs, tc__mul(cap, sizeof *v));
		if (v)
			m->graphs = v;
		tc_graph_info *in = v ? tc__realloc(&m->al, m->info, tc__mul(cap, sizeof *in))
				      : NULL;
		if (!in) {
			tc_graph_free(g);
			tc__free(&m->al, branch_loc);
			return TC_ENOMEM;
		}
		m->info = in;
		m->cap = cap;
	}
	memset(&m->info[m->count], 0, sizeof m->info[m->count]);
	m->info[m->count].kernel = kernel;
	m->info[m->count].branch_loc = branch_loc;
	m->info[m->count].nloc = branch_loc ? nloc : 0;
	m->graphs[m->count++] = g;
	return TC_OK;
}

/* The last graph's info when it keeps positions (per-node arrays go with
 * them); else NULL, and the array p given for it is freed. */
static tc_graph_info *positioned_last(tc_module *m, void *p)
{
	if (m->count && m->info[m->count - 1].branch_loc)
		return &m->info[m->count - 1];
	tc__free(&m->al, p);
	return NULL;
}

void tc__module_set_sources(tc_module *m, tc_branch_source *source)
{
	tc_graph_info *in = positioned_last(m, source);
	if (in) {
		tc__free(&m->al, in->source);
		in->source = source;
	}
}

void tc__module_set_inlined(tc_module *m, tc_inlined *inlined)
{
	tc_graph_info *in = positioned_last(m, inlined);
	if (in) {
		tc__free(&m->al, in->inlined);
		in->inlined = inlined;
	}
}

void tc__module_mark_uniform(tc_module *m, uint32_t node)
{
	tc_graph *g = m->count ? m->graphs[m->count - 1] : NULL;
	if (g && node < g->n)
		g->flags[node] |= TC_NODE_UNIFORM;
}

void tc__module_set_source(tc_module *m, uint32_t node, const char *what, tc_loc loc)
{
	tc_graph_info *in = m->count ? &m->info[m->count - 1] : NULL;
	if (in && in->source && node < in->nloc)
		in->source[node] = (tc_branch_source){what, loc};
}

void tc__module_set_deps(tc_module *m, tc_uniformity_deps *deps)
{
	if (m->count == 0) {
		tc__uniformity_deps_free(&m->al, deps);
		return;
	}
	tc__uniformity_deps_free(&m->al, m->info[m->count - 1].deps);
	m->info[m->count - 1].deps = deps;
}

/* The last graph's edges that branches going one way do not take (owned
 * by the module from here on, freed also when there is no graph). */
void tc__module_set_dead_edges(tc_module *m, uint8_t *dead_edge)
{
	if (m->count == 0) {
		tc__free(&m->al, dead_edge);
		return;
	}
	tc__free(&m->al, m->info[m->count - 1].dead_edge);
	m->info[m->count - 1].dead_edge = dead_edge;
}

/* The last graph's edges that the whole warp takes together, and the nodes
 * behind them (owned by the module from here on). */
void tc__module_set_warp_sync(tc_module *m, uint8_t *sync_edge, uint8_t *synced)
{
	if (m->count == 0) {
		tc__free(&m->al, sync_edge);
		tc__free(&m->al, synced);
		return;
	}
	tc_graph_info *in = &m->info[m->count - 1];
	tc__free(&m->al, in->warp_sync_edge);
	tc__free(&m->al, in->warp_synced);
	in->warp_sync_edge = sync_edge;
	in->warp_synced = synced;
}

static void free_spans(tc_module *m, tc_graph_info *in)
{
	tc__free(&m->al, in->coll_span);
	in->coll_span = NULL;
	for (int k = 0; k < 4; k++) {
		tc__free(&m->al, in->lanes_uniform[k]);
		tc__uniformity_deps_free(&m->al, in->lanes_deps[k]);
		in->lanes_uniform[k] = NULL;
		in->lanes_deps[k] = NULL;
	}
}

void tc__module_set_spans(tc_module *m, int8_t *coll_span, uint8_t *uniform[4],
			  tc_uniformity_deps *deps[4])
{
	if (m->count == 0) {
		tc__free(&m->al, coll_span);
		for (int k = 0; k < 4; k++) {
			tc__free(&m->al, uniform[k]);
			tc__uniformity_deps_free(&m->al, deps[k]);
		}
		return;
	}
	tc_graph_info *in = &m->info[m->count - 1];
	free_spans(m, in);
	in->coll_span = coll_span;
	for (int k = 0; k < 4; k++) {
		in->lanes_uniform[k] = uniform[k];
		in->lanes_deps[k] = deps[k];
	}
}

static void free_info(tc_module *m, tc_graph_info *in)
{
	free_spans(m, in);
	tc__free(&m->al, in->branch_loc);
	tc__free(&m->al, in->dead_edge);
	tc__free(&m->al, in->warp_sync_edge);
	tc__free(&m->al, in->warp_synced);
	tc__free(&m->al, in->source);
	tc__free(&m->al, in->inlined);
	tc__uniformity_deps_free(&m->al, in->deps);
	tc__free(&m->al, in->coll);
	tc__free(&m->al, in->warp_uniform);
	tc__uniformity_deps_free(&m->al, in->warp_deps);
	tc__free(&m->al, in->origin);
	tc__free(&m->al, in->coll_call);
	tc__fn_desc_free(&m->al, in->desc);
}

void tc__uniformity_deps_free(const tc_alloc *al, tc_uniformity_deps *d)
{
	if (!d)
		return;
	tc__free(al, d->node);
	tc__free(al, d->term);
	tc__free(al, d->off);
	tc__free(al, d->arc);
	tc__free(al, d->seed);
	tc__free(al, d);
}

void tc__fn_desc_free(const tc_alloc *al, tc_fn_desc *d)
{
	if (!d)
		return;
	tc__free(al, (void *)d->f.succ_off);
	tc__free(al, (void *)d->f.succ);
	tc__free(al, (void *)d->f.cond);
	tc__free(al, (void *)d->f.block);
	tc__free(al, (void *)d->f.kind);
	tc__free(al, (void *)d->f.use_off);
	tc__free(al, (void *)d->f.user);
	tc__free(al, (void *)d->f.use_block);
	tc__free(al, (void *)d->f.kclass);
	tc__free(al, d->param_value);
	tc__free(al, d->param_index);
	tc__free(al, d->param_off);
	tc__free(al, d->ret);
	tc__free(al, d->ret_block);
	tc__free(al, d->block_node);
	tc__free(al, d->out_value);
	tc__free(al, d->out_block);
	tc__free(al, d->out_index);
	tc__free(al, d->fout_k);
	tc__free(al, d->fout_site);
	tc__free(al, d->fout_index);
	tc__free(al, d->cout_value);
	tc__free(al, d->cout_site);
	tc__free(al, d->cout_index);
	tc__free(al, d->in_param);
	tc__free(al, d->in_site);
	tc__free(al, d->in_index);
	tc__free(al, d->in_value);
	tc__free(al, d->in_fwd);
	tc__free(al, d->in_osite);
	tc__free(al, d->in_oindex);
	tc__free(al, d->in_k);
	tc__free(al, d->calls);
	tc__free(al, d->arg);
	tc__free(al, d->arg_ones);
	tc__free(al, d->arg_k);
	tc__free(al, d->lop);
	tc__free(al, d->arith);
	tc__free(al, d->ids);
	tc__free(al, d->coll);
	tc__free(al, d->way);
	tc__free(al, d);
}

/* A copy of n elements of size sz (room for one when n is 0). */
static void *copy_of(const tc_alloc *al, const void *p, size_t n, size_t sz)
{
	void *q = tc__malloc(al, tc__mul(n ? n : 1, sz));
	if (q && n)
		memcpy(q, p, n * sz);
	return q;
}

/* n elements of uint32_t into *a and *b and *c, none when n is 0 */
static bool room3(const tc_alloc *al, size_t n, uint32_t **a, uint32_t **b, uint32_t **c)
{
	if (!n)
		return true;
	*a = tc__malloc(al, tc__mul(n, sizeof **a));
	*b = tc__malloc(al, tc__mul(n, sizeof **b));
	*c = tc__malloc(al, tc__mul(n, sizeof **c));
	return *a && *b && *c;
}

int tc__fn_desc_room_outs(tc_module *m, tc_fn_desc *d, size_t nout, size_t nfout, size_t ncout)
{
	const tc_alloc *al = &m->al;
	return room3(al, nout, &d->out_value, &d->out_block, &d->out_index) &&
			       room3(al, nfout, &d->fout_k, &d->fout_site, &d->fout_index) &&
			       room3(al, ncout, &d->cout_value, &d->cout_site, &d->cout_index)
		       ? TC_OK
		       : TC_ENOMEM;
}

int tc__fn_desc_room_ins(tc_module *m, tc_fn_desc *d, size_t nins, size_t nreads,
			 size_t nin_arg)
{
	const tc_alloc *al = &m->al;
	size_t n = (size_t)d->nparam_values + nreads;
	if (nreads) {
		uint32_t *v = tc__realloc(al, d->param_value, tc__mul(n, sizeof *v));
		if (v)
			d->param_value = v;
		uint32_t *i = v ? tc__realloc(al, d->param_index, tc__mul(n, sizeof *i)) : NULL;
		if (!i)
			return TC_ENOMEM;
		d->param_index = i;
	}
	if (nins && !(d->in_param = tc__malloc(al, tc__mul(nins, sizeof *d->in_param))))
		return TC_ENOMEM;
	if (nin_arg && !(d->in_k = tc__malloc(al, tc__mul(nin_arg, sizeof *d->in_k))))
		return TC_ENOMEM;
	for (size_t q = 0; q < nin_arg; q++)
		d->in_k[q] = -1;
	return room3(al, nin_arg, &d->in_site, &d->in_index, &d->in_value) &&
			       room3(al, nin_arg, &d->in_fwd, &d->in_osite, &d->in_oindex)
		       ? TC_OK
		       : TC_ENOMEM;
}

tc_fn_desc *tc__fn_desc_new(tc_module *m, uint32_t nblocks, const uint32_t *block_node,
			    uint32_t params, uint32_t rets)
{
	const tc_alloc *al = &m->al;
	tc_fn_desc *d = tc__calloc(al, 1, sizeof *d);
	if (!d)
		return NULL;
	d->f.nblocks = nblocks;
	d->block_node = copy_of(al, block_node, nblocks, sizeof(uint32_t));
	d->param_value = tc__malloc(al, tc__mul(params ? params : 1, sizeof(uint32_t)));
	d->param_index = tc__malloc(al, tc__mul(params ? params : 1, sizeof(uint32_t)));
	d->ret = tc__malloc(al, tc__mul(rets ? rets : 1, sizeof(uint32_t)));
	if (d->block_node && d->param_value && d->param_index && d->ret)
		return d;
	tc__fn_desc_free(al, d);
	return NULL;
}

int tc__fn_desc_set_func(tc_module *m, tc_fn_desc *d, const tc_ua_func *f)
{
	const tc_alloc *al = &m->al;
	uint32_t nb = f->nblocks, n = f->nvalues;
	d->f.nblocks = nb;
	d->f.nvalues = n;
	d->f.succ_off = copy_of(al, f->succ_off, (size_t)nb + 1, sizeof(uint32_t));
	d->f.succ = copy_of(al, f->succ, f->succ_off[nb], sizeof(uint32_t));
	d->f.cond = copy_of(al, f->cond, nb, sizeof(uint32_t));
	d->f.block = copy_of(al, f->block, n, sizeof(uint32_t));
	d->f.kind = copy_of(al, f->kind, n, 1);
	d->f.use_off = copy_of(al, f->use_off, (size_t)n + 1, sizeof(uint32_t));
	d->f.user = copy_of(al, f->user, f->use_off[n], sizeof(uint32_t));
	d->f.use_block = copy_of(al, f->use_block, f->use_off[n], sizeof(uint32_t));
	d->f.nkclass = f->kclass ? f->nkclass : 0;
	d->f.kclass = f->kclass ? copy_of(al, f->kclass, f->nkclass, sizeof(uint32_t)) : NULL;
	return d->f.succ_off && d->f.succ && d->f.cond && d->f.block && d->f.kind &&
			       d->f.use_off && d->f.user && d->f.use_block &&
			       (d->f.kclass || !f->kclass)
		       ? TC_OK
		       : TC_ENOMEM;
}

/* The values tc__fn_desc_read_args reads where they are used: call
 * arguments, returned values where ret_block says where they return, outs
 * and what calls pass for ins (at the call); in order, each slot (an arg,
 * ret, out or in entry) with its block. */
typedef struct desc_read {
	uint32_t *slot;
	uint32_t block;
} desc_read;

/* Whether d's call passes a value of d's n for an in (entry q of in_*),
 * which is read at the call. */
static bool passes_value(const tc_fn_desc *d, uint32_t q, uint32_t n)
{
	return d->in_value[q] < n && d->in_fwd[q] == TC_NONE && d->in_osite[q] == TC_NONE &&
	       d->in_site[q] < d->ncalls;
}

int tc__fn_desc_read_args(tc_module *m, tc_fn_desc *d, bool args)
{
	const tc_alloc *al = &m->al;
	uint32_t n = d->f.nvalues, extra = 0;
	for (uint32_t s = 0; args && s < d->ncalls; s++)
		for (uint32_t a = d->calls[s].arg_off;
		     a < d->calls[s].arg_off + d->calls[s].nargs && a < d->narg; a++)
			extra += d->arg[a] < n;
	for (uint32_t k = 0; d->ret_block && k < d->nret; k++)
		extra += d->ret[k] < n;
	for (uint32_t q = 0; q < d->nout; q++)
		extra += d->out_value[q] < n;
	for (uint32_t q = 0; q < d->nin_arg; q++)
		extra += passes_value(d, q, n);
	if (extra == 0)
		return TC_OK;
	if ((uint64_t)n + extra >= UINT32_MAX - 1)
		return TC_ENOMEM;
	uint32_t nn = n + extra, nuse = d->f.use_off[n], nnuse = nuse + extra;
	uint32_t *block = tc__malloc(al, tc__mul(nn, sizeof *block));
	uint8_t *kind = tc__malloc(al, nn);
	uint32_t *use_off = tc__calloc(al, (size_t)nn + 1, sizeof *use_off);
	uint32_t *user = tc__malloc(al, tc__mul(nnuse, sizeof *user));
	uint32_t *use_block = tc__malloc(al, tc__mul(nnuse, sizeof *use_block));
	uint32_t *cur = tc__malloc(al, tc__mul(n ? n : 1, sizeof *cur));
	desc_read *reads = tc__malloc(al, tc__mul(extra, sizeof *reads));
	tc_lane_op *lop = d->lop ? tc__malloc(al, tc__mul(nn, sizeof *lop)) : NULL;
	tc_lane_op *arith = d->arith ? tc__malloc(al, tc__mul(nn, sizeof *arith)) : NULL;
	if (!block || !kind || !use_off || !user || !use_block || !cur || !reads ||
	    (d->lop && !lop) || (d->arith && !arith)) {
		tc__free(al, block);
		tc__free(al, kind);
		tc__free(al, use_off);
		tc__free(al, user);
		tc__free(al, use_block);
		tc__free(al, cur);
		tc__free(al, reads);
		tc__free(al, lop);
		tc__free(al, arith);
		return TC_ENOMEM;
	}
	uint32_t nr = 0;
	for (uint32_t s = 0; args && s < d->ncalls; s++)
		for (uint32_t a = d->calls[s].arg_off;
		     a < d->calls[s].arg_off + d->calls[s].nargs && a < d->narg; a++)
			if (d->arg[a] < n)
				reads[nr++] = (desc_read){&d->arg[a], d->calls[s].block};
	for (uint32_t k = 0; d->ret_block && k < d->nret; k++)
		if (d->ret[k] < n)
			reads[nr++] = (desc_read){&d->ret[k], d->ret_block[k]};
	for (uint32_t q = 0; q < d->nout; q++)
		if (d->out_value[q] < n)
			reads[nr++] = (desc_read){&d->out_value[q], d->out_block[q]};
	for (uint32_t q = 0; q < d->nin_arg; q++) /* as the call reads memory */
		if (passes_value(d, q, n))
			reads[nr++] = (desc_read){&d->in_value[q], d->calls[d->in_site[q]].block};
	memcpy(block, d->f.block, (size_t)n * sizeof *block);
	memcpy(kind, d->f.kind, n);
	if (lop)
		memcpy(lop, d->lop, (size_t)n * sizeof *lop);
	if (arith)
		memcpy(arith, d->arith, (size_t)n * sizeof *arith);
	/* the copies, one per read, in its block: one more use of the value */
	for (uint32_t q = 0; q < nr; q++) {
		uint32_t v = *reads[q].slot, w = n + q;
		block[w] = reads[q].block;
		kind[w] = TC_UA_PURE;
		if (lop)
			lop[w] = (tc_lane_op){TC_LOP_COPY, 0, d->lop[v].bits, {v, TC_NONE}, TC_NONE, {0, 0}};
		if (arith) /* the same number */
			arith[w] = (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC, d->arith[v].bits,
						{v, TC_NONE}, TC_NONE, {0, 0}};
		use_off[v + 1]++;
	}
	for (uint32_t v = 0; v < n; v++)
		use_off[v + 1] += d->f.use_off[v + 1] - d->f.use_off[v];
	for (uint32_t v = 0; v < nn; v++)
		use_off[v + 1] += use_off[v];
	/* the old uses of each value, then the copies' reads */
	for (uint32_t v = 0; v < n; v++) {
		uint32_t k = d->f.use_off[v + 1] - d->f.use_off[v];
		memcpy(user + use_off[v], d->f.user + d->f.use_off[v], (size_t)k * sizeof *user);
		memcpy(use_block + use_off[v], d->f.use_block + d->f.use_off[v],
		       (size_t)k * sizeof *use_block);
		cur[v] = use_off[v] + k;
	}
	for (uint32_t q = 0; q < nr; q++) {
		uint32_t v = *reads[q].slot;
		user[cur[v]] = n + q;
		use_block[cur[v]++] = reads[q].block;
		*reads[q].slot = n + q;
	}
	tc__free(al, cur);
	tc__free(al, reads);
	tc__free(al, (void *)d->f.block);
	tc__free(al, (void *)d->f.kind);
	tc__free(al, (void *)d->f.use_off);
	tc__free(al, (void *)d->f.user);
	tc__free(al, (void *)d->f.use_block);
	tc__free(al, d->lop);
	tc__free(al, d->arith);
	tc__free(al, d->ret_block);
	d->ret_block = NULL; /* the returns are reads now */
	d->f.block = block;
	d->f.kind = kind;
	d->f.use_off = use_off;
	d->f.user = user;
	d->f.use_block = use_block;
	d->f.nvalues = nn;
	d->lop = lop;
	d->arith = arith;
	return TC_OK;
}

void tc__module_set_desc(tc_module *m, tc_fn_desc *desc)
{
	if (m->count == 0) {
		tc__fn_desc_free(&m->al, desc);
		return;
	}
	tc__fn_desc_free(&m->al, m->info[m->count - 1].desc);
	m->info[m->count - 1].desc = desc;
}

void tc__module_set_origin(tc_module *m, struct LLVMOpaqueValue *fn, tc_llvm_origin *origin,
			   struct LLVMOpaqueValue **coll_call)
{
	if (m->count == 0) {
		tc__free(&m->al, origin);
		tc__free(&m->al, coll_call);
		return;
	}
	tc_graph_info *in = &m->info[m->count - 1];
	tc__free(&m->al, in->origin);
	tc__free(&m->al, in->coll_call);
	in->llvm_fn = fn;
	in->origin = origin;
	in->coll_call = coll_call;
}

void tc__module_set_collectives(tc_module *m, tc_collective *coll, uint32_t ncoll,
				uint8_t *warp_uniform, tc_uniformity_deps *warp_deps,
				uint32_t warp_size, bool warp_assumed)
{
	if (m->count == 0) {
		tc__free(&m->al, coll);
		tc__free(&m->al, warp_uniform);
		tc__uniformity_deps_free(&m->al, warp_deps);
		return;
	}
	tc_graph_info *in = &m->info[m->count - 1];
	tc__free(&m->al, in->coll);
	tc__free(&m->al, in->warp_uniform);
	tc__uniformity_deps_free(&m->al, in->warp_deps);
	in->coll = coll;
	in->ncoll = coll ? ncoll : 0;
	in->warp_uniform = warp_uniform;
	in->warp_deps = warp_deps;
	in->warp_size = warp_size;
	in->warp_assumed = warp_assumed;
}

int tc__module_add(tc_module *m, tc_graph *g)
{
	return tc__module_add_info(m, g, false, NULL, 0);
}

const char *tc__module_string(tc_module *m, const char *s, size_t len)
{
	/* a kernel names few files: the last one is almost always the one */
	for (size_t i = m->nstrings; i-- > 0;)
		if (strncmp(m->strings[i], s, len) == 0 && m->strings[i][len] == '\0')
			return m->strings[i];
	if (m->nstrings == m->strings_cap) {
		size_t cap = m->strings_cap ? m->strings_cap * 2 : 4;
		char **v = tc__realloc(&m->al, m->strings, tc__mul(cap, sizeof *v));
		if (!v)
			return NULL;
		m->strings = v;
		m->strings_cap = cap;
	}
	char *d = tc__malloc(&m->al, len + 1);
	if (!d)
		return NULL;
	memcpy(d, s, len);
	d[len] = '\0';
	m->strings[m->nstrings++] = d;
	return d;
}

int tc__module_select(tc_module *m, const char *name, const char *file,
		      const char *what, tc_diag *diag)
{
	size_t keep = m->count;
	for (size_t i = 0; i < m->count && keep == m->count; i++)
		if (strcmp(tc_graph_name(m->graphs[i]), name) == 0)
			keep = i;
	if (keep == m->count)
		return tc__diag(diag, TC_EINVAL, file, 0, 0, "no %s named '%.100s'", what,
				name);
	for (size_t i = 0; i < m->count; i++) {
		if (i == keep)
			continue;
		tc_graph_free(m->graphs[i]);
		free_info(m, &m->info[i]);
	}
	m->graphs[0] = m->graphs[keep];
	m->info[0] = m->info[keep];
	m->count = 1;
	/* its calls name graphs that are gone */
	tc__fn_desc_free(&m->al, m->info[0].desc);
	m->info[0].desc = NULL;
	return TC_OK;
}

void tc_module_free(tc_module *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->count; i++) {
		tc_graph_free(m->graphs[i]);
		free_info(m, &m->info[i]);
	}
	for (size_t i = 0; i < m->nstrings; i++)
		tc__free(&m->al, m->strings[i]);
	tc__free(&m->al, m->strings);
	tc__free(&m->al, m->info);
	tc__free(&m->al, m->graphs);
	tc__free(&m->al, m);
}

size_t tc_module_graph_count(const tc_module *m) { return m ? m->count : 0; }

const tc_graph *tc_module_graph(const tc_module *m, size_t i)
{
	return i < m->count ? m->graphs[i] : NULL;
}

tc_read_stats tc_module_read_stats(const tc_module *m) { return m->read; }

int tc__module_warn(tc_module *m, const char *message)
{
	if (m->nwarnings >= sizeof m->warnings / sizeof m->warnings[0])
		return TC_OK;
	const char *s = tc__module_string(m, message, strlen(message));
	if (!s)
		return TC_ENOMEM;
	m->warnings[m->nwarnings++] = s;
	return TC_OK;
}

size_t tc_module_warning_count(const tc_module *m) { return m->nwarnings; }

const char *tc_module_warning(const tc_module *m, size_t i)
{
	return i < m->nwarnings ? m->warnings[i] : NULL;
}

const char *tc_group_name(tc_group g)
{
	switch (g) {
	case TC_GROUP_BLOCK:
		return "block";
	case TC_GROUP_WARP:
		return "warp";
	case TC_GROUP_SUBGROUP:
		return "sub-group";
	}
	return NULL;
}

size_t tc_module_collective_count(const tc_module *m, size_t i)
{
	return i < m->count ? m->info[i].ncoll : 0;
}

const tc_collective *tc_module_collective(const tc_module *m, size_t i, size_t k)
{
	return i < m->count && k < m->info[i].ncoll ? &m->info[i].coll[k] : NULL;
}

uint32_t tc_module_warp_size(const tc_module *m, size_t i)
{
	return i < m->count ? m->info[i].warp_size : 0;
}

bool tc_module_warp_assumed(const tc_module *m, size_t i)
{
	return i < m->count && m->info[i].warp_assumed;
}

bool tc_module_graph_is_kernel(const tc_module *m, size_t i)
{
	return i < m->count && m->info[i].kernel;
}

tc_loc tc_module_branch_loc(const tc_module *m, size_t i, uint32_t node)
{
	tc_loc none = {NULL, 0, 0};
	if (i >= m->count || node >= m->info[i].nloc)
		return none;
	return m->info[i].branch_loc[node];
}

const char *tc_module_branch_source(const tc_module *m, size_t i, uint32_t node,
				    tc_loc *loc)
{
	tc_branch_source none = {NULL, {NULL, 0, 0}}, *s = &none;
	if (i < m->count && node < m->info[i].nloc && m->info[i].source &&
	    m->info[i].source[node].what)
		s = &m->info[i].source[node];
	if (loc)
		*loc = s->loc;
	return s->what;
}

const char *tc_module_node_inlined(const tc_module *m, size_t i, uint32_t node, tc_loc *loc)
{
	tc_inlined none = {NULL, {NULL, 0, 0}}, *s = &none;
	if (i < m->count && node < m->info[i].nloc && m->info[i].inlined &&
	    m->info[i].inlined[node].function)
		s = &m->info[i].inlined[node];
	if (loc)
		*loc = s->loc;
	return s->function;
}

/* Whether st is a regular file, and its size then (0 otherwise). */

struct LLVMOpaqueValue *tc_module_llvm_function(const tc_module *m, size_t i)
{
	return i < m->count ? m->info[i].llvm_fn : NULL;
}

struct LLVMOpaqueBasicBlock *tc_module_llvm_block(const tc_module *m, size_t i, uint32_t node)
{
	if (i >= m->count || !m->info[i].origin || node >= tc_graph_node_count(m->graphs[i]))
		return NULL;
	return m->info[i].origin[node].block;
}

struct LLVMOpaqueValue *tc_module_llvm_call(const tc_module *m, size_t i, uint32_t node)
{
	if (i >= m->count || !m->info[i].origin || node >= tc_graph_node_count(m->graphs[i]))
		return NULL;
	return m->info[i].origin[node].call;
}

struct LLVMOpaqueValue *tc_module_llvm_collective(const tc_module *m, size_t i, size_t k)
{
	if (i >= m->count || !m->info[i].coll_call || k >= m->info[i].ncoll)
		return NULL;
	return m->info[i].coll_call[k];
}
