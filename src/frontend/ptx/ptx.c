/*
 * ptx.c - PTX text to flow graphs (docs/ptx.md): the entry of the PTX reader,
 * whose parts are the files of this folder (ptx.h).
 *
 * One pass over the text reads every function: its registers, labels and
 * instructions, each instruction as the registers it writes and reads
 * (analysis/ssa.h) and, where it matters for the graph, as an item (a
 * branch, a return, a barrier, a call). Blocks are formed when a function
 * ends: a block starts at a label some branch names and after every branch,
 * return and exit. When the whole file is read (.file directives come last
 * in LLVM's output, and a function may call one defined after it), the
 * functions that execute a barrier are found over the call graph; then per
 * function, entries first: SSA form, the uniformity analysis, and the graph,
 * with every barrier a node of its own and one virtual exit.
 *
 * Warp collectives (shfl.sync, vote.sync, bar.warp.sync, match.sync,
 * redux.sync) are items of their own, with a record per argument that must
 * agree in the warp; a function with one (or with a call of a function
 * that executes one) also gets the warp's view (analysis/lanes.h) from what
 * each record computes, kept only for files whose text holds one, or
 * declares a block's size (.reqntid, .maxntid: what the records compute
 * then also bounds the thread's indices, analysis/bounds.h).
 *
 * Stack slots: code compiled without optimisation keeps its variables in the
 * local depot (".local .b8 __local_depot0[N]", addressed as [%SP+8]). When
 * the depot's address is only ever used as the base of loads and stores at
 * constant offsets that never partly overlap, each slot is read and written
 * like a register, so -O0 code is analysed as its optimised form is (the IR
 * reader runs mem2reg for the same reason); otherwise a load from the depot
 * is thread-dependent, unless what the whole file stores in local memory
 * says it reads one constant (depot.c: nvcc -G's objects whose addresses
 * are kept in slots and passed to .funcs).
 */
#include "frontend/ptx/ptx.h"
#include "frontend/readers.h"
#include "util/clock.h"

#include <stdio.h>
#include <string.h>

/* the whole file */
static int read_file(reader *r)
{
	tc__ptx_next(r);
	bool any = false;
	while (r->t.kind != T_END && !r->rc) {
		tok t = r->t;
		if (tc__ptx_is_p(r, '}'))
			return tc__ptx_err(r, t.line, t.col, "'}' without a matching '{'");
		if (!any && !tc__ptx_is_word(&t, ".version") && t.kind == T_IDENT && t.s[0] == '.')
			return tc__ptx_err(r, t.line, t.col, "expected '.version' first, found " TOKF
						     " (every PTX file begins with its version)",
					   TOKA(t));
		if (t.kind != T_IDENT || t.s[0] != '.') {
			if (t.kind == T_IDENT)
				return tc__ptx_err(r, t.line, t.col, "expected a directive, found " TOKF
							     " (instructions belong in a function body)",
						   TOKA(t));
			return tc__ptx_expected(r, "a directive");
		}
		any = true;
		if (tc__ptx_is_word(&t, ".version") || tc__ptx_is_word(&t, ".address_size")) {
			tc__ptx_next(r);
			if (r->t.kind != T_NUM)
				return tc__ptx_expected(r, "a number");
			tc__ptx_next(r);
		} else if (tc__ptx_is_word(&t, ".target")) {
			tc__ptx_next(r);
			for (;;) {
				if (r->t.kind != T_IDENT || r->t.s[0] == '.')
					return tc__ptx_expected(r, "a target");
				tc__ptx_next(r);
				if (!tc__ptx_is_p(r, ','))
					break;
				tc__ptx_next(r);
			}
		} else if (tc__ptx_is_word(&t, ".file")) {
			tc__ptx_parse_file(r);
		} else if (tc__ptx_is_word(&t, ".loc")) {
			tc__ptx_parse_loc(r);
		} else if (tc__ptx_is_word(&t, ".section")) {
			tc__ptx_next(r);
			if (r->t.kind != T_IDENT)
				return tc__ptx_expected(r, "a section name");
			bool strings = tc__ptx_is_word(&r->t, ".debug_str");
			struct dsec *d = !r->want_dwarf			     ? NULL
					 : tc__ptx_is_word(&r->t, ".debug_info")   ? &r->dinfo
					 : tc__ptx_is_word(&r->t, ".debug_abbrev") ? &r->dabbrev
									   : NULL;
			tc__ptx_next(r);
			if (!tc__ptx_is_p(r, '{'))
				return tc__ptx_expected(r, "'{'");
			if (strings)
				tc__ptx_parse_debug_str(r);
			else if (d && !d->n)
				tc__ptx_parse_dwarf_section(r, d);
			else
				tc__ptx_skip_group(r);
		} else if (tc__ptx_is_word(&t, ".visible") || tc__ptx_is_word(&t, ".extern") ||
			   tc__ptx_is_word(&t, ".weak") || tc__ptx_is_word(&t, ".common")) {
			tc__ptx_next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] != '.')
				return tc__ptx_expected(r, "a declaration after the linkage");
		} else if (tc__ptx_is_word(&t, ".entry") || tc__ptx_is_word(&t, ".func")) {
			tc__ptx_function(r);
		} else if (tc__ptx_is_word(&t, ".local")) {
			tc__ptx_skip_decl(r, &r->gsyms);
		} else if (tc__ptx_is_word(&t, ".global") || tc__ptx_is_word(&t, ".shared") ||
			   tc__ptx_is_word(&t, ".const") || tc__ptx_is_word(&t, ".tex") ||
			   tc__ptx_is_word(&t, ".texref") || tc__ptx_is_word(&t, ".surfref") ||
			   tc__ptx_is_word(&t, ".samplerref") || tc__ptx_is_word(&t, ".alias")) {
			tc__ptx_skip_decl(r, NULL);
		} else if (tc__ptx_is_word(&t, ".pragma")) {
			tc__ptx_next(r);
			if (r->t.kind != T_STR)
				return tc__ptx_expected(r, "a string");
			tc__ptx_next(r);
			tc__ptx_semicolon(r);
		} else {
			return tc__ptx_err(r, t.line, t.col, "unknown directive " TOKF, TOKA(t));
		}
	}
	if (r->rc)
		return r->rc;
	if (!any)
		return tc__ptx_err(r, 1, 1, "empty input: no PTX directive");
	/* every file index a .loc names is declared */
	for (uint32_t i = 0; i < r->nfiles; i++)
		if (r->files[i].loc_line && !r->files[i].path)
			return tc__ptx_err(r, r->files[i].loc_line, r->files[i].loc_col,
					   "file index %u is not declared by a '.file' directive", i);
	return TC_OK;
}

/* Everything the read kept: the arena's arrays, the hash tables, and the
 * two kinds of array others grew for it (.debug_info's inlined calls, the
 * tests of a collective's arguments). */
static void free_reader(reader *r)
{
	nmap *maps[] = {&r->dstr_labels, &r->all_labels, &r->fnames, &r->gsyms, &r->regs,
			&r->params, &r->scoped, &r->lsyms, &r->labels, &r->tables};
	for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
		tc__ptx_nmap_free(&r->ar, maps[i]);
	tc__hash_free(&r->ilh, r->ar.al);
	tc__free(&r->al, r->dw);
	tc__free(&r->al, r->dwloc);
	tc__arg_tests_free(&r->al, &r->tests);
	tc__arena_free(&r->ar);
}

int tc__read_ptx(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		 const tc_fn_sink *sink)
{
	reader r;
	memset(&r, 0, sizeof r);
	tc__alloc_init(&r.al, alloc);
	tc__arena_init(&r.ar, &r.al);
	r.sink = sink;
	r.file = filename ? filename : "<input>";
	r.diag = diag;
	r.opt = opt;
	*out = NULL;
	if (tc__read_args(opt, text, len, r.file, diag))
		return TC_EINVAL;
	r.p = r.ls = text ? text : "";
	r.end = r.p + len;
	r.line = 1;
	r.cur_lane = tc__ptx_no_lane;
	r.warp_text = tc__ptx_may_have_warp_ops(r.p, len);
	unsigned holds = tc__ptx_scan_dots(r.p, len);
	r.want_dwarf = holds & TEXT_DEBUG_INFO;
	r.want_df = holds & TEXT_LOCAL;
	if (tc__module_new(&r.out, alloc)) {
		free_reader(&r);
		return tc__diag(diag, TC_ENOMEM, r.file, 0, 0, "out of memory");
	}
	tc_read_stats st = {0, {{NULL, 0}}};
	double t0 = tc__now(), t1;
	int rc = read_file(&r);
	if (!rc)
		rc = tc__ptx_dwarf_calls(&r);
	st.phase[st.nphases++] = (tc_phase_time){"ptx-parse", (t1 = tc__now()) - t0};
	if (!rc)
		rc = tc__ptx_barrier_calls(&r);
	if (!rc)
		rc = tc__ptx_depot_values(&r);
	if (!rc)
		rc = tc__ptx_graphs(&r);
	if (!rc) {
		double t2 = tc__now() - t1;
		st.phase[st.nphases++] = (tc_phase_time){"uniformity", r.uniformity_s};
		st.phase[st.nphases++] = (tc_phase_time){"graphs", t2 - r.uniformity_s};
		r.out->read = st;
		for (size_t i = 0; i < r.nwarnings && !rc; i++)
			if (tc__module_warn(r.out, r.warnings[i]))
				rc = tc__diag(diag, TC_ENOMEM, r.file, 0, 0, "out of memory");
	}
	if (!rc) {
		*out = r.out;
		r.out = NULL;
	}
	tc_module_free(r.out);
	free_reader(&r);
	return rc;
}
