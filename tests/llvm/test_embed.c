/*
 * test_embed.c - tc_parse_llvm_module against tc_parse_llvm, file by file.
 *
 *   test_embed [--passes PIPELINE] FILE.ll|FILE.bc...
 *
 * Each file is read twice: as bytes (tc_parse_llvm), and parsed into a
 * context of the test's own and given as a module (tc_parse_llvm_module).
 * The two must agree in everything the module says: the graphs (names,
 * nodes, flags, positions, edges), kernels, branch positions and sources,
 * collectives, warp sizes, warnings, every node's state in check mode for
 * the block and for the warp, or the same error message. And the module
 * must print the same before and after; every node maps to a block of its
 * function, every barrier node and collective to a call in its block.
 * Prints one line per difference; exit 1 when there is one.
 */
#include <threadconv.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *file;
static unsigned problems;
/* a pipeline of --passes may merge and make blocks: then a node's block
 * may be NULL and its calls in another block of the function */
static bool blocks_kept = true;

static void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", file);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	problems++;
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool same_loc(tc_loc a, tc_loc b)
{
	return same_str(a.file, b.file) && a.line == b.line && a.col == b.col;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0, k;
	char *s = malloc(cap);
	while (s && (k = fread(s + n, 1, cap - n, f)) > 0)
		if ((n += k) == cap)
			s = realloc(s, cap *= 2);
	fclose(f);
	*len = n;
	return s;
}

static void compare_states(tc_module *ma, tc_module *mb, size_t g, tc_group group)
{
	tc_solve_options opt = TC_SOLVE_OPTIONS_INIT;
	opt.assume_barriers = false;
	opt.group = group;
	tc_result *ra = NULL, *rb = NULL;
	tc_diag d = {0};
	int ca = tc_module_solve(&ra, ma, g, &opt, NULL, &d);
	int cb = tc_module_solve(&rb, mb, g, &opt, NULL, &d);
	if (ca != cb) {
		fail("graph %zu: solve %d, %d", g, ca, cb);
	} else if (ca == TC_OK) {
		const tc_graph *gr = tc_module_graph(ma, g);
		for (uint32_t v = 0; v < tc_graph_node_count(gr); v++)
			if (tc_result_node_state(ra, v) != tc_result_node_state(rb, v))
				fail("graph %zu node %s (%s): %c, %c", g, tc_graph_node_name(gr, v),
				     tc_group_name(group), tc_result_node_state(ra, v),
				     tc_result_node_state(rb, v));
	}
	tc_result_free(ra);
	tc_result_free(rb);
}

static void compare_collectives(const tc_module *a, const tc_module *b, size_t g)
{
	size_t n = tc_module_collective_count(a, g);
	if (n != tc_module_collective_count(b, g)) {
		fail("graph %zu: %zu, %zu collectives", g, n, tc_module_collective_count(b, g));
		return;
	}
	for (size_t k = 0; k < n; k++) {
		const tc_collective *x = tc_module_collective(a, g, k),
				    *y = tc_module_collective(b, g, k);
		if (!same_str(x->name, y->name) || x->group != y->group ||
		    x->barrier != y->barrier || x->masked != y->masked ||
		    x->full_mask != y->full_mask || x->call != y->call || x->node != y->node ||
		    !same_loc(x->loc, y->loc) || x->arg != y->arg ||
		    !same_str(x->arg_name, y->arg_name) ||
		    !same_str(x->arg_source, y->arg_source) ||
		    !same_loc(x->arg_source_loc, y->arg_source_loc) ||
		    !same_str(x->inlined, y->inlined) || !same_loc(x->inlined_loc, y->inlined_loc))
			fail("graph %zu collective %zu (%s) differs", g, k, x->name);
	}
}

/* What both readers must agree on: graph g of a and of b. */
static void compare_graph(tc_module *a, tc_module *b, size_t g)
{
	const tc_graph *x = tc_module_graph(a, g), *y = tc_module_graph(b, g);
	if (strcmp(tc_graph_name(x), tc_graph_name(y)) != 0 ||
	    tc_graph_node_count(x) != tc_graph_node_count(y) ||
	    tc_graph_edge_count(x) != tc_graph_edge_count(y) ||
	    tc_graph_entry(x) != tc_graph_entry(y) || tc_graph_exit(x) != tc_graph_exit(y) ||
	    tc_module_graph_is_kernel(a, g) != tc_module_graph_is_kernel(b, g) ||
	    tc_module_warp_size(a, g) != tc_module_warp_size(b, g) ||
	    tc_module_warp_assumed(a, g) != tc_module_warp_assumed(b, g)) {
		fail("graph %zu (%s, %s): the shapes differ", g, tc_graph_name(x),
		     tc_graph_name(y));
		return;
	}
	for (uint32_t v = 0; v < tc_graph_node_count(x); v++) {
		tc_loc la, lb;
		const char *sa = tc_module_branch_source(a, g, v, &la);
		const char *sb = tc_module_branch_source(b, g, v, &lb);
		tc_loc ia, ib;
		const char *fa = tc_module_node_inlined(a, g, v, &ia);
		const char *fb = tc_module_node_inlined(b, g, v, &ib);
		if (strcmp(tc_graph_node_name(x, v), tc_graph_node_name(y, v)) != 0 ||
		    tc_graph_node_flags(x, v) != tc_graph_node_flags(y, v) ||
		    !same_loc(tc_graph_node_loc(x, v), tc_graph_node_loc(y, v)) ||
		    !same_loc(tc_module_branch_loc(a, g, v), tc_module_branch_loc(b, g, v)) ||
		    !same_str(sa, sb) || (sa && !same_loc(la, lb)) || !same_str(fa, fb) ||
		    !same_loc(ia, ib))
			fail("graph %zu node %s differs", g, tc_graph_node_name(x, v));
	}
	for (uint32_t e = 0; e < tc_graph_edge_count(x); e++)
		if (tc_graph_edge_from(x, e) != tc_graph_edge_from(y, e) ||
		    tc_graph_edge_to(x, e) != tc_graph_edge_to(y, e))
			fail("graph %zu edge %u differs", g, e);
	compare_collectives(a, b, g);
	compare_states(a, b, g, TC_GROUP_BLOCK);
	if (tc_module_warp_size(a, g))
		compare_states(a, b, g, TC_GROUP_WARP);
}

/* The map back into the module: every node of graph g of b. */
static void check_origin(const tc_module *b, size_t g)
{
	const tc_graph *gr = tc_module_graph(b, g);
	LLVMValueRef fn = tc_module_llvm_function(b, g);
	if (!fn || !LLVMIsAFunction(fn)) {
		fail("graph %zu: no function", g);
		return;
	}
	size_t len;
	const char *name = LLVMGetValueName2(fn, &len);
	if (strlen(tc_graph_name(gr)) != len || memcmp(name, tc_graph_name(gr), len) != 0)
		fail("graph %zu (%s) maps to function %.*s", g, tc_graph_name(gr), (int)len, name);
	for (uint32_t v = 0; v < tc_graph_node_count(gr); v++) {
		LLVMBasicBlockRef bb = tc_module_llvm_block(b, g, v);
		LLVMValueRef call = tc_module_llvm_call(b, g, v);
		bool exit = v == tc_graph_exit(gr);
		bool barrier = tc_graph_node_flags(gr, v) & TC_NODE_BARRIER;
		if (exit ? bb != NULL
			 : (bb || blocks_kept) && (!bb || LLVMGetBasicBlockParent(bb) != fn))
			fail("graph %zu node %s: not mapped to a block of its function", g,
			     tc_graph_node_name(gr, v));
		if (barrier ? !call || !LLVMIsACallInst(call) ||
				      (blocks_kept ? LLVMGetInstructionParent(call) != bb
						   : LLVMGetBasicBlockParent(LLVMGetInstructionParent(
							     call)) != fn)
			    : call != NULL)
			fail("graph %zu node %s: barrier call %p", g, tc_graph_node_name(gr, v),
			     (void *)call);
	}
	for (size_t k = 0; k < tc_module_collective_count(b, g); k++) {
		const tc_collective *c = tc_module_collective(b, g, k);
		LLVMValueRef call = tc_module_llvm_collective(b, g, k);
		if (!call || !LLVMIsACallInst(call) ||
		    (blocks_kept ? LLVMGetInstructionParent(call) != tc_module_llvm_block(b, g, c->node)
				 : LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) != fn))
			fail("graph %zu collective %zu (%s): not mapped to a call in its block", g,
			     k, c->name);
	}
	if (tc_module_llvm_block(b, g, tc_graph_node_count(gr)) ||
	    tc_module_llvm_collective(b, g, tc_module_collective_count(b, g)))
		fail("graph %zu: ids out of range map to something", g);
}

static LLVMModuleRef parse(LLVMContextRef ctx, const char *data, size_t len)
{
	LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, len, file);
	LLVMModuleRef m = NULL;
	char *msg = NULL;
	if (len >= 4 && memcmp(data, "BC\xc0\xde", 4) == 0) {
		if (LLVMParseBitcodeInContext2(ctx, mb, &m))
			m = NULL;
		LLVMDisposeMemoryBuffer(mb);
	} else if (LLVMParseIRInContext(ctx, mb, &m, &msg)) { /* takes mb */
		m = NULL;
	}
	LLVMDisposeMessage(msg);
	return m;
}

static void compare_file(const char *path, const tc_read_options *opt)
{
	file = path;
	size_t len;
	char *data = slurp(path, &len);
	if (!data) {
		fail("cannot read");
		return;
	}
	tc_module *a = NULL, *b = NULL;
	tc_diag da = {0}, db = {0};
	int ra = tc_parse_llvm(&a, path, data, len, opt, NULL, &da);

	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef m = parse(ctx, data, len);
	if (!m) { /* malformed: tc_parse_llvm must say so too */
		if (ra != TC_EPARSE)
			fail("LLVM cannot parse it, tc_parse_llvm returned %d", ra);
		goto done;
	}
	LLVMSetModuleIdentifier(m, path, strlen(path));
	char *before = LLVMPrintModuleToString(m);
	int rb = tc_parse_llvm_module(&b, m, opt, NULL, &db);
	char *after = LLVMPrintModuleToString(m);
	if (strcmp(before, after) != 0)
		fail("the module changed");
	LLVMDisposeMessage(before);
	LLVMDisposeMessage(after);
	if (ra != rb || (ra && (strcmp(da.message, db.message) != 0 || da.line != db.line))) {
		fail("results %d (%s), %d (%s)", ra, da.message, rb, db.message);
	} else if (ra == TC_OK) {
		size_t n = tc_module_graph_count(a);
		if (n != tc_module_graph_count(b))
			fail("%zu, %zu graphs", n, tc_module_graph_count(b));
		else
			for (size_t g = 0; g < n; g++) {
				compare_graph(a, b, g);
				check_origin(b, g);
				if (tc_module_llvm_function(a, g) || tc_module_llvm_block(a, g, 0))
					fail("tc_parse_llvm's graph %zu maps to a module", g);
			}
		size_t w = tc_module_warning_count(a);
		if (w != tc_module_warning_count(b))
			fail("%zu, %zu warnings", w, tc_module_warning_count(b));
		else
			for (size_t k = 0; k < w; k++)
				if (strcmp(tc_module_warning(a, k), tc_module_warning(b, k)) != 0)
					fail("warning %zu: '%s', '%s'", k, tc_module_warning(a, k),
					     tc_module_warning(b, k));
	}
	tc_module_free(b);
	LLVMDisposeModule(m);
done:
	tc_module_free(a);
	LLVMContextDispose(ctx);
	free(data);
}

int main(int argc, char **argv)
{
	tc_read_options opt = TC_READ_OPTIONS_INIT;
	int i = 1, nfiles = 0;
	if (i + 1 < argc && strcmp(argv[i], "--passes") == 0) {
		opt.llvm_passes = argv[i + 1];
		blocks_kept = false;
		i += 2;
	}
	for (; i < argc; i++, nfiles++)
		compare_file(argv[i], &opt);
	/* no module, and a newer options version */
	tc_module *m = (tc_module *)1;
	tc_diag d = {0};
	file = "(no module)";
	if (tc_parse_llvm_module(&m, NULL, NULL, NULL, &d) != TC_EINVAL || m)
		fail("a NULL module is not TC_EINVAL");
	printf("%d files, %u problems\n", nfiles, problems);
	return problems ? 1 : nfiles == 0;
}
