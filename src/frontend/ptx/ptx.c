/*
 * ptx.c - PTX text to flow graphs (docs/ptx.md).
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
 * each record computes, kept only for files whose text holds one.
 *
 * Stack slots: code compiled without optimisation keeps its variables in the
 * local depot (".local .b8 __local_depot0[N]", addressed as [%SP+8]). When
 * the depot's address is only ever used as the base of loads and stores at
 * constant offsets that never partly overlap, each slot is read and written
 * like a register, so -O0 code is analysed as its optimised form is (the IR
 * reader runs mem2reg for the same reason); otherwise a load from the depot
 * is thread-dependent.
 */
#include "frontend/gpu_builtins.h"
#include "frontend/ptx/dwarf.h"
#include "frontend/readers.h"
#include "graph/blocks.h"
#include "graph/desc.h"
#include "graph/module.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256		/* nested { } scopes */
#define MAX_REGS (1u << 26)	/* registers of one function */
#define MAX_FILE_INDEX 65535	/* .file indices */

/* ---- tokens ------------------------------------------------------------ */

enum { T_END, T_IDENT, T_NUM, T_STR, T_PUNCT };

typedef struct tok {
	const char *s;
	uint32_t len, line, col;
	uint8_t kind;
	char c; /* T_PUNCT */
} tok;

/* A position: file 0 is the PTX text itself, file k > 0 the .file index
 * k - 1; line 0 is no position. */
typedef struct ploc {
	uint32_t file, line, col;
	uint32_t inl; /* inlined from a helper: its entry in r->inl, from 1; 0: not */
	uint32_t fn, pos; /* the instruction's function and index there (for
			   * .debug_info's inlined calls) */
} ploc;

/* A function_name operand of .loc: a label of .debug_str (in the input)
 * and a byte offset from it. */
typedef struct pname {
	const char *label; /* NULL: none */
	uint32_t len, off;
} pname;

/* A .loc with inlined_at: its position, the call's, and the function its
 * position lies in (function_name); the function's .loc with inlined_at
 * before it at the same position (its index; TC_NONE: none). */
typedef struct pinlined_loc {
	ploc pos, at;
	pname name;
	uint32_t prev;
} pinlined_loc;

/* Of a position shown at a call that inlined it: the position one step in
 * along the chain, and the helper it lies in. */
typedef struct pinl {
	ploc inner;
	pname name;
} pinl;

/* ---- a map from names (into the input) to values --------------------- */

typedef struct nslot {
	const char *s;
	uint32_t len, hash, gen;
	uint32_t val, aux;
	uint32_t depth; /* registers: the scope that declared it */
	uint8_t tag;
} nslot;

typedef struct nmap {
	nslot *slot;
	size_t cap, len;
	uint32_t gen; /* a slot is used when its gen is the map's */
} nmap;

static uint32_t name_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static nslot *nmap_find(const nmap *m, const char *s, size_t n, uint32_t h)
{
	if (!m->cap)
		return NULL;
	for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		nslot *e = &m->slot[i];
		if (e->gen != m->gen)
			return NULL;
		if (e->hash == h && e->len == n && memcmp(e->s, s, n) == 0)
			return e;
	}
}

static void nmap_clear(nmap *m)
{
	m->len = 0;
	if (++m->gen == 0) { /* wrapped: really clear */
		if (m->cap)
			memset(m->slot, 0, m->cap * sizeof *m->slot);
		m->gen = 1;
	}
}

/* The slot for s, new (tag 0xff) when it was not there; NULL: out of memory. */
static nslot *nmap_put(const tc_alloc *al, nmap *m, const char *s, size_t n)
{
	uint32_t h = name_hash(s, n);
	nslot *e = nmap_find(m, s, n, h);
	if (e)
		return e;
	if (2 * (m->len + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 256;
		nslot *ns = tc__calloc(al, cap, sizeof *ns);
		if (!ns)
			return NULL;
		uint32_t gen = m->gen ? m->gen : 1;
		for (size_t j = 0; j < m->cap; j++) {
			if (m->slot[j].gen != m->gen)
				continue;
			size_t i = m->slot[j].hash & (cap - 1);
			while (ns[i].gen == gen)
				i = (i + 1) & (cap - 1);
			ns[i] = m->slot[j];
			ns[i].gen = gen;
		}
		tc__free(al, m->slot);
		m->slot = ns;
		m->cap = cap;
		m->gen = gen;
	}
	size_t i = h & (m->cap - 1);
	while (m->slot[i].gen == m->gen)
		i = (i + 1) & (m->cap - 1);
	e = &m->slot[i];
	*e = (nslot){s, (uint32_t)n, h, m->gen, 0, 0, 0, 0xff};
	m->len++;
	return e;
}

static void nmap_free(const tc_alloc *al, nmap *m)
{
	tc__free(al, m->slot);
	memset(m, 0, sizeof *m);
}

/* ---- what is kept of a file ---------------------------------------------- */

/* items: the instructions that shape the graph */
enum {
	IT_BRA,     /* bra: target a label reference */
	IT_BRX,     /* brx.idx: target a table reference */
	IT_RET,     /* ret, exit */
	IT_TRAP,    /* trap: no way on */
	IT_BARRIER, /* a barrier of the whole block */
	IT_PARTIAL, /* a barrier with a thread count */
	IT_CALL,    /* a call of a function by name: target a callee reference */
	IT_COLL     /* a warp collective (shfl.sync, ...): target its pcoll */
};

typedef struct item {
	uint32_t pos;  /* the instruction's index in its function */
	uint32_t cond; /* the register deciding the way on, TC_NONE */
	uint32_t target;
	uint32_t guard; /* a guarded barrier or call: the guard register */
	uint32_t other; /* a guarded bra that the next bra completes: its item */
	uint8_t op;
	uint8_t pred; /* guarded (@%p): also goes on to the next instruction */
	ploc loc;
} item;

typedef struct pblock {
	const char *label; /* NULL: %bb.K */
	uint32_t llen;
	uint32_t rec0, rec1;   /* its records */
	uint32_t item0, item1; /* its items */
	uint32_t succ0, nsucc; /* into succ */
	uint32_t cond;         /* register, TC_NONE */
	uint32_t term;         /* the item ending it, TC_NONE */
} pblock;

typedef struct pfunc {
	const char *name;
	uint32_t nlen;
	bool entry;
	uint32_t rec0, rec1, block0, block1, item0, item1;
	uint32_t nregs;
	uint32_t reqntid[3]; /* .reqntid X, Y, Z; 0: not declared */
	/* for the interprocedural check (graph/desc.h): its parameters, and
	 * its ranges in reader.pv_rec, .ret_rec and .calls */
	uint32_t nparams;
	uint32_t pv0, pv1, ret0, ret1, call0, call1;
} pfunc;

typedef struct psource {
	const char *what; /* kept in the module */
	ploc loc;
} psource;

typedef struct pcall { /* a call by name: for the barrier closure */
	uint32_t caller;
	const char *name;
	uint32_t len;
	uint32_t callee; /* the function called, TC_NONE: one without a body */
	bool barrier;    /* the callee executes one */
	uint8_t reach;   /* the groups whose collectives it executes (1 << tc_group) */
	uint32_t arg0, nargs; /* its arguments: records in reader.carg */
	uint32_t result; /* the record its first result comes from, TC_NONE */
	ploc loc;
} pcall;

typedef struct pcoll { /* a collective instruction (docs/ptx.md, "Collectives") */
	const tc_gpu_collective *row;
	/* the records that stand for its arguments that must agree, one per
	 * bit of row->agree in order from this one; TC_NONE: none */
	uint32_t arg_rec;
	uint32_t mask_reg; /* a mask in a register: the register, else TC_NONE */
	bool checked;      /* its mask is the full mask */
	uint32_t clamp_reg; /* a shuffle's clamp in a register, else TC_NONE */
	uint32_t res0, res1; /* the records of its results */
} pcoll;

/* A collective of the function whose graph is made: an instruction (row)
 * or a call of a function that executes some (row NULL), in block k after
 * seg barriers there. */
typedef struct gcoll {
	uint32_t item;
	const tc_gpu_collective *row;
	uint32_t block, seg;
	uint8_t group;
	bool checked;
} gcoll;

typedef struct lref { /* a reference to a label or table, resolved at the end */
	const char *s;
	uint32_t len, line, col;
	uint32_t to; /* resolved: the label's index; for a table, its first label */
	uint32_t n;  /* a table's labels */
} lref;

typedef struct plabel {
	const char *s;
	uint32_t len, pos;
	bool targeted;
	uint32_t block;
} plabel;

typedef struct opnd {
	uint8_t k;
	uint32_t reg;      /* O_REG, O_NOT */
	uint32_t r0, nr;   /* registers in r->oregs: O_VEC, O_PAIR, O_ADDR */
	uint32_t base;     /* O_ADDR: the first register, TC_NONE */
	const char *sym;   /* O_ADDR, O_SYM: a name */
	uint32_t slen;
	int64_t off;       /* O_ADDR: the constant offset; O_IMM: the value */
	bool simple;       /* O_ADDR: [reg], [reg+imm], [sym], [sym+imm] */
	bool known;        /* O_IMM: an integer */
	uint32_t l0, nl;   /* O_LIST: names in r->olist */
	tok at;
} opnd;

enum { O_REG, O_NOT, O_VEC, O_PAIR, O_ADDR, O_SYM, O_IMM, O_SINK, O_LIST };

/* the slot of a depot offset */
typedef struct dslot {
	int64_t off;
	uint32_t size, reg;
} dslot;

typedef struct vecs {
	tc_u32vec def, src, opoff, op;
	uint8_t *kind;
	size_t kind_cap;
} vecs;

typedef struct reader {
	tc_alloc al;
	const char *file;
	tc_diag *diag;
	const tc_read_options *opt;
	tc_module *out;
	int rc;

	/* the lexer */
	const char *p, *end, *ls;
	uint32_t line;
	tok t;
	uint32_t pend_line, pend_col; /* where the token before t ended */

	/* .file and .loc */
	struct pfile {       /* per index: its path, and the first .loc naming it */
		const char *path; /* NULL: not declared */
		uint32_t len, loc_line, loc_col;
	} *files;
	size_t nfiles;       /* indices 0 .. nfiles - 1 */
	ploc cur_loc;
	bool have_loc;
	pinlined_loc *iloc; /* the function's .loc lines with inlined_at */
	size_t niloc, iloc_cap;
	struct ilslot {     /* position -> the last of them there */
		uint32_t gen, idx;
	} *ilh;
	size_t ilh_cap;     /* a power of two, or 0 */
	uint32_t ilh_gen;   /* a slot is used when its gen is this (per function) */
	pinl *inl; /* what ploc.inl points at */
	size_t ninl, inl_cap;
	/* .section .debug_str: its bytes, and its labels -> offsets */
	unsigned char *dstr;
	size_t ndstr, dstr_cap;
	nmap dstr_labels;
	/* nvcc -G's inlined calls, from .debug_abbrev and .debug_info
	 * (dwarf.h), kept when the text has a .debug_info (want_dwarf) */
	bool want_dwarf;
	nmap all_labels; /* every function's labels: function (val), instruction
			  * (aux); tag 2: defined in several functions */
	struct dsec {
		unsigned char *b;
		size_t n, cap;
		tc_dw_label *lab;
		size_t nlab, labcap;
	} dabbrev, dinfo;
	tc_dw_inlined *dw; /* the inlined calls */
	size_t ndw;
	struct dwcode { /* per inlined call: its function (TC_NONE: not found)
			 * and instructions [lo, hi) */
		uint32_t fn, lo, hi;
	} *dwc;
	uint32_t *dw_order; /* the calls found, by function, lo, then hi down */
	size_t ndw_order;

	/* the module */
	pfunc *fn;
	size_t nfn, fn_cap;
	nmap fnames; /* function name -> index */
	nmap gsyms;  /* .local symbols of the module */
	vecs rec;    /* records: one register written */
	item *items;
	size_t nitems, items_cap;
	pblock *blocks;
	size_t nblocks, blocks_cap;
	tc_u32vec succ;
	psource *srcs;
	size_t nsrcs, srcs_cap;
	pcall *calls;
	size_t ncalls, calls_cap;
	pcoll *colls;
	size_t ncolls, colls_cap;
	/* per record when the file may hold a warp collective (want_lanes):
	 * what it computes for the warp's view (analysis/lanes.h), its a[]
	 * naming places in the record's reads */
	bool want_lanes;
	tc_lane_op *lane;
	size_t lane_cap;
	tc_lane_op cur_lane; /* what emit gives the records it makes */

	/* the function being read */
	pfunc *f;
	uint32_t fidx;
	uint32_t nregs;
	nmap regs;    /* names and range prefixes -> registers */
	struct {      /* the range prefixes looked up last ("%r", "%rd") */
		const char *s;
		uint32_t len, base, count, gen;
	} pcache[8];
	nmap params;  /* the function's own parameters (tag P_*) */
	nmap scoped;  /* .param variables of the body -> slot registers */
	nmap lsyms;   /* .local variables of the body */
	nmap labels;  /* label -> index in lab */
	plabel *lab;
	size_t nlab, lab_cap;
	lref *refs;   /* label references of branches */
	size_t nrefs, refs_cap;
	lref *trefs;  /* table references of brx.idx */
	size_t ntrefs, trefs_cap;
	nmap tables;  /* .branchtargets name -> first label ref (aux: count) */
	lref *tlabels;
	size_t ntlabels, tlabels_cap;
	tc_u32vec pos_rec; /* per instruction: its first record */
	uint32_t npos;
	uint8_t *dbase;    /* per register: holds the depot's address */
	size_t dbase_cap;
	bool depot_ok;
	dslot *dslots;
	size_t ndslots, dslots_cap;
	tc_u32vec dload, dstore; /* records that read, that write a depot slot */
	tc_u32vec gload, gaddr; /* generic loads: record, address register */
	tc_u32vec reg_params;
	tc_u32vec reg_param_index; /* per register parameter: its place */
	/* for the interprocedural check: records that read a parameter of a
	 * .func and which (pv_rec, pv_index); per ret, a record reading the
	 * result's registers (ret_rec); per call argument, a record reading it
	 * (carg); the registers that stand for the function's own results */
	tc_u32vec pv_rec, pv_index, ret_rec, carg, ret_regs;
	uint32_t nparams; /* of the function being read */
	bool any_calls;   /* some function calls another defined here */
	uint32_t *graph_of; /* per function: its graph (when any_calls) */
	uint32_t depth; /* of { } scopes: 1 in the function body */
	struct shadow { /* what a declaration in a scope hides, until its '}' */
		const char *s;
		uint32_t len, val, aux, depth, scope;
		uint8_t tag;
	} *shadows;
	size_t nshadows, shadows_cap;
	bool last_was_label;
	uint32_t last_label;

	/* one instruction */
	opnd *ops;
	size_t nops, ops_cap;
	tc_u32vec oregs, rd;
	tok *olist;
	size_t nolist, olist_cap;
	const char *div_sreg; /* a thread-dependent special register read */
	uint32_t div_len;
	bool impure_sreg;
	uint8_t tid_dims; /* the %tid.x, .y, .z it reads (bits 0, 1, 2) */
	bool other_sreg;  /* and it reads another thread-dependent one */
	/* the records whose only thread-dependent read is one %tid.D (value: the
	 * record), in record order; fn_ids: a function's, its own numbers */
	tc_thread_id *tids, *fn_ids;
	size_t ntids, tids_cap, fn_ids_cap;
	const tc_gpu_collective *coll_row; /* the instruction is this collective */

	/* graphs */
	const tc_fn_sink *sink; /* what each function's description goes to */
	tc_arg_tests tests;     /* of its collectives' arguments */
	char *name;
	size_t name_cap;
	double uniformity_s;
	const pfunc *gf;    /* the function whose graph is made */
	uint32_t gcursor;   /* the last barrier item found in a block */
	gcoll *found;       /* its collectives */
	size_t nfound, found_cap;
	char bname[32];     /* a numbered block's name */
	char warnings[4][224];
	size_t nwarnings;
} reader;

enum { P_KERNEL = 1, P_FUNC, P_RET /* a .func's own result */ };

/* a record's kind bits while a function is read (cleared before analysis):
 * a kernel argument, which points into no thread's local memory; a special
 * register's value (%tid.x, %clock: a number, no address, though it differs
 * between threads); cvta.local's result, a generic address into the
 * thread's local memory */
#define K_ARGUMENT 0x80
#define K_SREG 0x40
#define K_LOCAL 0x20

/* ---- errors and memory --------------------------------------------------- */

static int err(reader *r, uint32_t line, uint32_t col, const char *fmt, ...) TC_PRINTF(4, 5);
static int err(reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	if (r->rc)
		return r->rc;
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	r->rc = tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s", msg);
	r->t.kind = T_END;
	return r->rc;
}

static int oom(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
	r->t.kind = T_END;
	return r->rc;
}

static int too_large(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, r->t.line, r->t.col,
				 "function too large");
	r->t.kind = T_END;
	return r->rc;
}

/* Makes sure *p holds n elements of size sz. */
static int grow(reader *r, void *p, size_t *cap, size_t n, size_t sz)
{
	return tc__grow(&r->al, p, cap, n, sz) ? oom(r) : TC_OK;
}

static int push(reader *r, tc_u32vec *v, uint32_t x)
{
	return tc__u32vec_push(&r->al, v, x) ? oom(r) : TC_OK;
}

/* "'text'" of a token, cut short */
#define TOKF "'%.*s'"
#define TOKA(t) (int)((t).len > 60 ? 60 : (t).len), (t).s

/* ---- the lexer ------------------------------------------------------------- */

/* per byte: 1 continues a name, 2 starts one, 4 a digit, 8 punctuation */
static const unsigned char cclass[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 8, 0, 0, 3, 2, 8, 0, 8, 8, 8, 8, 8, 8, 3, 8,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 8, 8, 8, 8, 8, 8,
	8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 8, 0, 8, 8, 3,
	0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 8, 8, 8, 8, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 4, 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

static inline bool is_digit(unsigned c)
{
	return cclass[c & 0xff] & 4;
}

static inline bool id_cont(unsigned c)
{
	return cclass[c & 0xff] & 1;
}

static void next(reader *r)
{
	if (r->rc) {
		r->t.kind = T_END;
		return;
	}
	r->pend_line = r->t.line;
	r->pend_col = r->t.col + r->t.len;
	const char *p = r->p, *end = r->end;
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p >= end)
			break;
		if (*p == '\n') {
			r->line++;
			r->ls = ++p;
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '/') {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl : end;
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '*') {
			uint32_t l0 = r->line, c0 = (uint32_t)(p - r->ls) + 1;
			const char *q = p + 2;
			for (;;) {
				if (q + 1 >= end) {
					r->p = end;
					err(r, l0, c0, "unterminated comment: '/*' without '*/'");
					return;
				}
				if (q[0] == '*' && q[1] == '/')
					break;
				if (*q == '\n') {
					r->line++;
					r->ls = q + 1;
				}
				q++;
			}
			p = q + 2;
			continue;
		}
		break;
	}
	tok *t = &r->t;
	t->line = r->line;
	t->col = (uint32_t)(p - r->ls) + 1;
	t->s = p;
	if (p >= end) {
		t->kind = T_END;
		t->len = 0;
		r->p = p;
		return;
	}
	unsigned c = (unsigned char)*p;
	const char *q = p + 1;
	if (cclass[c] & 2) {
		/* a directive is one word: ".reg.b32" is ".reg" ".b32", as ptxas
		 * reads it (inline assembly writes "{.reg.b32 t; ...}"); in an
		 * opcode a "::" joins a qualifier's parts (".L2::64B",
		 * ".shared::cta", ".L1::no_allocate") */
		bool directive = c == '.';
		for (;;) {
			while (q < end && id_cont((unsigned char)*q) && !(directive && *q == '.'))
				q++;
			if (end - q < 3 || q[0] != ':' || q[1] != ':' || !id_cont((unsigned char)q[2]) ||
			    q[2] == '.')
				break;
			q += 2;
		}
		t->kind = T_IDENT;
	} else if (is_digit(c)) {
		while (q < end && id_cont((unsigned char)*q))
			q++;
		t->kind = T_NUM;
	} else if (c == '"') {
		while (q < end && *q != '"' && *q != '\n') {
			if (*q == '\\' && q + 1 < end && q[1] != '\n')
				q++;
			q++;
		}
		if (q >= end || *q != '"') {
			err(r, t->line, t->col, "unterminated string");
			return;
		}
		q++;
		t->kind = T_STR;
	} else if (cclass[c] & 8) {
		t->kind = T_PUNCT;
		t->c = (char)c;
	} else {
		if (c >= 0x20 && c < 0x7f)
			err(r, t->line, t->col, "unexpected character '%c'", (char)c);
		else
			err(r, t->line, t->col, "unexpected byte 0x%02x", c);
		return;
	}
	if ((size_t)(q - p) > UINT32_MAX / 2) {
		err(r, t->line, t->col, "token too long");
		return;
	}
	t->len = (uint32_t)(q - p);
	r->p = q;
}

static bool is_p(const reader *r, char c)
{
	return r->t.kind == T_PUNCT && r->t.c == c;
}

static bool is_word(const tok *t, const char *w)
{
	size_t n = strlen(w);
	return t->kind == T_IDENT && t->len == n && memcmp(t->s, w, n) == 0;
}

static bool starts(const tok *t, const char *w)
{
	size_t n = strlen(w);
	return t->len >= n && memcmp(t->s, w, n) == 0;
}

static const char *tok_what(const tok *t)
{
	switch (t->kind) {
	case T_END:
		return "end of file";
	case T_STR:
		return "a string";
	default:
		return NULL;
	}
}

/* "expected X, found Y" at t */
static int expected(reader *r, const char *what)
{
	const char *w = tok_what(&r->t);
	if (w)
		return err(r, r->t.line, r->t.col, "expected %s, found %s", what, w);
	return err(r, r->t.line, r->t.col, "expected %s, found " TOKF, what, TOKA(r->t));
}

/* a ';' after what came before: an error points just past it */
static int semicolon(reader *r)
{
	if (is_p(r, ';')) {
		next(r);
		return TC_OK;
	}
	return err(r, r->pend_line, r->pend_col, "expected ';'");
}

static int expect_p(reader *r, char c, const char *what)
{
	if (!is_p(r, c))
		return expected(r, what);
	next(r);
	return TC_OK;
}

/* An integer literal: decimal, 0x hex, 0b binary, leading-0 octal, an
 * optional U suffix. False for floats (0f..., 0d..., 1.5). */
static bool int_value(const tok *t, int64_t *v)
{
	const char *s = t->s;
	size_t n = t->len;
	if (n && (s[n - 1] == 'U' || s[n - 1] == 'u'))
		n--;
	unsigned base = 10;
	size_t i = 0;
	if (n > 1 && s[0] == '0' && (s[1] | 32) == 'x')
		base = 16, i = 2;
	else if (n > 1 && s[0] == '0' && (s[1] | 32) == 'b')
		base = 2, i = 2;
	else if (n > 1 && s[0] == '0')
		base = 8, i = 1;
	if (i >= n)
		return false;
	uint64_t x = 0;
	for (; i < n; i++) {
		unsigned c = (unsigned char)s[i], d;
		if (is_digit(c))
			d = c - '0';
		else if ((c | 32) - 'a' < 6)
			d = (c | 32) - 'a' + 10;
		else
			return false;
		if (d >= base || x > (UINT64_MAX - d) / base)
			return false;
		x = x * base + d;
	}
	*v = (int64_t)x;
	return true;
}

/* ---- special registers (SPEC 3.2) ------------------------------------- */

enum { SR_NONE, SR_UNIFORM, SR_DIVERGENT, SR_CLOCK };

static int sreg_kind(const tok *t)
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
		if (is_word(t, div[i]))
			return SR_DIVERGENT;
	for (size_t i = 0; i < sizeof clk / sizeof *clk; i++)
		if (is_word(t, clk[i]))
			return SR_CLOCK;
	if (starts(t, "%pm") && t->len > 3 && is_digit((unsigned char)t->s[3]))
		return SR_CLOCK;
	for (size_t i = 0; i < sizeof uni / sizeof *uni; i++)
		if (is_word(t, uni[i]))
			return SR_UNIFORM;
	for (size_t i = 0; i < sizeof uni_prefix / sizeof *uni_prefix; i++)
		if (starts(t, uni_prefix[i]))
			return SR_UNIFORM;
	return SR_NONE;
}

/* ---- registers ------------------------------------------------------------ */

enum { TAG_REG = 1, TAG_RANGE };

/* A register of the function: its id, TC_NONE when t names none. */
static uint32_t reg_lookup(reader *r, const tok *t)
{
	size_t n = t->len, k = n;
	while (k > 0 && is_digit((unsigned char)t->s[k - 1]))
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
			nslot *e = nmap_find(&r->regs, t->s, k, name_hash(t->s, k));
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
	nslot *e = nmap_find(&r->regs, t->s, n, name_hash(t->s, n));
	return e && e->tag == TAG_REG ? e->val : TC_NONE;
}

/* Whether t names a register: %-names, and names that .reg declared
 * without one (inline assembly's "{ .reg .pred p; ... @p ... }"). */
static bool is_reg_tok(reader *r, const tok *t)
{
	return t->kind == T_IDENT && (t->s[0] == '%' || reg_lookup(r, t) != TC_NONE);
}

/* A new register (a stack or parameter slot, a condition). */
static uint32_t new_reg(reader *r)
{
	if (r->nregs >= MAX_REGS) {
		err(r, r->t.line, r->t.col, "too many registers in one function");
		return TC_NONE;
	}
	if (grow(r, &r->dbase, &r->dbase_cap, (size_t)r->nregs + 1, 1))
		return TC_NONE;
	r->dbase[r->nregs] = 0;
	return r->nregs++;
}

static int declare_reg(reader *r, const tok *name, uint32_t count, bool range)
{
	uint32_t old = range ? TC_NONE : reg_lookup(r, name);
	nslot *e = nmap_put(&r->al, &r->regs, name->s, name->len);
	if (!e)
		return oom(r);
	bool declared = e->tag == TAG_REG || e->tag == TAG_RANGE;
	if ((declared && e->depth == r->depth) ||
	    (!declared && old != TC_NONE && r->depth <= 1))
		return err(r, name->line, name->col, "register " TOKF " is declared twice",
			   TOKA(*name));
	if (r->depth > 1) { /* hidden or new until the scope ends */
		if (grow(r, &r->shadows, &r->shadows_cap, r->nshadows + 1, sizeof *r->shadows))
			return r->rc;
		r->shadows[r->nshadows++] = (struct shadow){e->s, e->len, e->val, e->aux, e->depth,
							    r->depth, declared ? e->tag : 0};
	}
	memset(r->pcache, 0, sizeof r->pcache); /* what a prefix names may change */
	e->depth = r->depth;
	if (count > MAX_REGS - r->nregs)
		return err(r, name->line, name->col, "too many registers in one function");
	e->tag = range ? TAG_RANGE : TAG_REG;
	e->val = r->nregs;
	e->aux = count;
	if (grow(r, &r->dbase, &r->dbase_cap, (size_t)r->nregs + count, 1))
		return r->rc;
	if (count)
		memset(r->dbase + r->nregs, 0, count);
	r->nregs += count;
	return TC_OK;
}

/* At the '}' of scope depth: the registers its declarations hid are seen
 * again, those it declared are gone. */
static void end_scope(reader *r, uint32_t depth)
{
	while (r->nshadows > 0 && r->shadows[r->nshadows - 1].scope == depth) {
		struct shadow *x = &r->shadows[--r->nshadows];
		nslot *e = nmap_find(&r->regs, x->s, x->len, name_hash(x->s, x->len));
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
static int parse_reg_decl(reader *r)
{
	next(r);
	while (r->t.kind == T_IDENT && r->t.s[0] == '.')
		next(r);
	if (is_p(r, ';')) { /* declares nothing */
		next(r);
		return TC_OK;
	}
	for (;;) {
		if (r->t.kind != T_IDENT || r->t.s[0] == '.')
			return expected(r, "a register name");
		tok name = r->t;
		next(r);
		if (is_p(r, '<')) {
			next(r);
			int64_t n;
			tok at = r->t;
			if (r->t.kind != T_NUM || !int_value(&r->t, &n))
				return expected(r, "a register count");
			if (n < 0 || n > (int64_t)MAX_REGS)
				return err(r, at.line, at.col,
					   "a register range holds at most %u registers", MAX_REGS);
			next(r);
			if (expect_p(r, '>', "'>'") || declare_reg(r, &name, (uint32_t)n, true))
				return r->rc;
		} else if (declare_reg(r, &name, 1, false)) {
			return r->rc;
		}
		if (!is_p(r, ','))
			break;
		next(r);
	}
	return semicolon(r);
}

/* ---- skipping what is not code --------------------------------------- */

/* Skips to the ';' that ends a declaration (balanced { }), past it. */
static int skip_decl(reader *r, nmap *local_syms)
{
	uint32_t depth = 0;
	bool named = false;
	tok start = r->t;
	while (r->t.kind != T_END) {
		if (is_p(r, '{'))
			depth++;
		else if (is_p(r, '}')) {
			if (depth == 0)
				return err(r, r->pend_line, r->pend_col, "expected ';'");
			depth--;
		} else if (is_p(r, ';') && depth == 0) {
			next(r);
			return TC_OK;
		} else if (local_syms && !named && depth == 0 && r->t.kind == T_IDENT &&
			   r->t.s[0] != '.') {
			named = true;
			nslot *e = nmap_put(&r->al, local_syms, r->t.s, r->t.len);
			if (!e)
				return oom(r);
			e->tag = 1;
		}
		next(r);
	}
	if (!r->rc)
		err(r, start.line, start.col, "declaration without ';' at the end of the file");
	return r->rc;
}

/* Skips a { } group, the current token being '{'. */
static int skip_group(reader *r)
{
	tok open = r->t;
	uint32_t depth = 0;
	do {
		if (is_p(r, '{'))
			depth++;
		else if (is_p(r, '}'))
			depth--;
		next(r);
	} while (depth > 0 && r->t.kind != T_END);
	if (depth > 0 && !r->rc)
		err(r, open.line, open.col, "'{' without a matching '}'");
	return r->rc;
}

/* Room for .file indices 0 .. need - 1. */
static int files_reserve(reader *r, size_t need)
{
	size_t had = r->nfiles;
	if (grow(r, &r->files, &r->nfiles, need, sizeof *r->files))
		return r->rc;
	memset(r->files + had, 0, (r->nfiles - had) * sizeof *r->files);
	return TC_OK;
}

/* FILE LINE COL of a .loc into v, the file index's token into *at. */
static int loc_numbers(reader *r, tok d, int64_t v[3], tok *at)
{
	*at = r->t;
	for (int i = 0; i < 3; i++) {
		const char *what = i == 0 ? "a file index" : i == 1 ? "a line" : "a column";
		if (r->t.kind == T_END || r->t.line != d.line) /* .loc ends with its line */
			return err(r, r->pend_line, r->pend_col, "expected %s before the end of the line",
				   what);
		if (r->t.kind != T_NUM || !int_value(&r->t, &v[i]) || v[i] < 0 ||
		    v[i] > UINT32_MAX)
			return expected(r, what);
		next(r);
	}
	if (v[0] > MAX_FILE_INDEX)
		return err(r, at->line, at->col, "file index %lld is past the reader's limit of %d",
			   (long long)v[0], MAX_FILE_INDEX);
	if (files_reserve(r, (size_t)v[0] + 1))
		return r->rc;
	if (!r->files[v[0]].loc_line) {
		r->files[v[0]].loc_line = at->line;
		r->files[v[0]].loc_col = at->col;
	}
	return TC_OK;
}

/* How long a chain of inlined_at is followed, and how many .loc lines at
 * one position, written after the one a link needs, are passed over to
 * find it. */
#define ILOC_DEPTH 64
#define ILOC_HOPS 256

static bool same_ploc(ploc a, ploc b)
{
	return a.file == b.file && a.line == b.line && a.col == b.col;
}

static size_t ploc_hash(ploc a)
{
	uint32_t h = (a.file * 2654435761u) ^ (a.line * 2246822519u) ^ (a.col * 3266489917u);
	return (size_t)(h ^ (h >> 15));
}

/* The slot of position a in r->ilh: its own, or the empty one it would
 * take. */
static struct ilslot *ilh_slot(reader *r, ploc a)
{
	for (size_t i = ploc_hash(a) & (r->ilh_cap - 1);; i = (i + 1) & (r->ilh_cap - 1)) {
		struct ilslot *e = &r->ilh[i];
		if (e->gen != r->ilh_gen || same_ploc(r->iloc[e->idx].pos, a))
			return e;
	}
}

/* The last .loc with inlined_at at position a before index from, or
 * TC_NONE. */
static uint32_t iloc_find(reader *r, ploc a, size_t from)
{
	if (!r->ilh_cap)
		return TC_NONE;
	struct ilslot *e = ilh_slot(r, a);
	uint32_t k = e->gen == r->ilh_gen ? e->idx : TC_NONE;
	for (int hops = 0; k != TC_NONE && k >= from; hops++)
		k = hops < ILOC_HOPS ? r->iloc[k].prev : TC_NONE;
	return k;
}

/* Adds x to the function's .loc lines with inlined_at. */
static int iloc_add(reader *r, pinlined_loc x)
{
	if (r->niloc >= UINT32_MAX / 4)
		return too_large(r);
	if (grow(r, &r->iloc, &r->iloc_cap, r->niloc + 1, sizeof *r->iloc))
		return r->rc;
	if ((r->niloc + 1) * 2 > r->ilh_cap) { /* rehashed from the lines */
		size_t cap = r->ilh_cap ? r->ilh_cap * 2 : 64;
		struct ilslot *h = tc__calloc(&r->al, cap, sizeof *h);
		if (!h)
			return oom(r);
		tc__free(&r->al, r->ilh);
		r->ilh = h;
		r->ilh_cap = cap;
		r->ilh_gen = 1;
		for (size_t k = 0; k < r->niloc; k++)
			*ilh_slot(r, r->iloc[k].pos) = (struct ilslot){1, (uint32_t)k};
	}
	struct ilslot *e = ilh_slot(r, x.pos);
	x.prev = e->gen == r->ilh_gen ? e->idx : TC_NONE;
	*e = (struct ilslot){r->ilh_gen, (uint32_t)r->niloc};
	r->iloc[r->niloc++] = x;
	return TC_OK;
}

/* function_name LABEL[+N] (t at LABEL) into *n. An offset that is not a
 * number from 0 to 2^32 - 1 (LABEL+-1, LABEL-1, LABEL+4294967296) names
 * nothing: no name, rather than LABEL's own string. */
static void loc_function_name(reader *r, pname *n)
{
	if (r->t.kind != T_IDENT)
		return;
	*n = (pname){r->t.s, r->t.len, 0};
	next(r);
	int64_t off;
	if (is_p(r, '+')) {
		next(r);
		if (r->t.kind == T_NUM && int_value(&r->t, &off) && off >= 0 && off <= UINT32_MAX)
			n->off = (uint32_t)off;
		else
			n->label = NULL;
	} else if (is_p(r, '-')) {
		n->label = NULL;
	}
}

/*
 * .loc FILE LINE COL [, function_name LABEL[+N], inlined_at FILE LINE COL].
 * Code inlined from a helper has a chain of them: the helper's position,
 * inlined at a call, whose own .loc (written before) says where it was
 * inlined in turn. As for IR (docs/llvm.md, "Positions"), the position
 * shown is the first of the chain, going outwards, in the file of the
 * outermost one (the function's own), and the one before it, with its
 * function_name, is where the helper's note points (a __syncthreads() of
 * a header's inline helper is reported where the user's code calls it).
 */
static int parse_loc(reader *r)
{
	tok d = r->t, at;
	next(r);
	int64_t v[3], w[3];
	if (loc_numbers(r, d, v, &at))
		return r->rc;
	pinlined_loc here = {{(uint32_t)v[0] + 1, (uint32_t)v[1], (uint32_t)v[2], 0, 0, 0},
			     {0, 0, 0, 0, 0, 0},
			     {NULL, 0, 0},
			     TC_NONE};
	bool inlined = false;
	while (r->t.kind != T_END && r->t.line == d.line) {
		if (is_word(&r->t, "function_name")) {
			next(r);
			loc_function_name(r, &here.name);
		} else if (is_word(&r->t, "inlined_at")) {
			next(r);
			if (loc_numbers(r, d, w, &at))
				return r->rc;
			here.at = (ploc){(uint32_t)w[0] + 1, (uint32_t)w[1], (uint32_t)w[2], 0, 0, 0};
			inlined = true;
		} else {
			next(r); /* "," */
		}
	}
	r->have_loc = true;
	r->cur_loc = here.pos;
	if (!inlined)
		return r->rc;
	/* the chain outwards: chain[0] is this .loc, each next one the .loc of
	 * the call before it (while it has one): the last .loc with inlined_at
	 * at the call's position before the link that names it, however far
	 * back. Not the last in the function: a template that calls itself
	 * at one line (cub's ReduceStep<STEP> calling ReduceStep<STEP + 1>)
	 * writes ".loc F L C, ..., inlined_at F L C", whose call is the
	 * .loc at F L C before it, not itself. */
	pinlined_loc chain[ILOC_DEPTH];
	uint32_t n = 0;
	chain[n++] = here;
	ploc outer = here.at;
	size_t from = r->niloc;
	while (n < ILOC_DEPTH) {
		uint32_t k = iloc_find(r, outer, from);
		if (k == TC_NONE)
			break;
		chain[n++] = r->iloc[k];
		outer = r->iloc[k].at;
		from = k;
	}
	if (iloc_add(r, here))
		return r->rc;
	/* the first position in the outermost one's file: chain[s].pos, or
	 * the outermost call itself */
	uint32_t s = 0;
	while (s < n && chain[s].pos.file != outer.file)
		s++;
	if (s == 0)
		return r->rc; /* a helper of the function's own file: its own line */
	r->cur_loc = s < n ? chain[s].pos : outer;
	if (!chain[s - 1].name.label)
		return r->rc;
	if (grow(r, &r->inl, &r->inl_cap, r->ninl + 1, sizeof *r->inl))
		return r->rc;
	r->inl[r->ninl++] = (pinl){chain[s - 1].pos, chain[s - 1].name};
	r->cur_loc.inl = (uint32_t)r->ninl;
	return r->rc;
}

/* .section .debug_str { LABEL: .b8 N, N, ... }: the strings .loc's
 * function_name points into. What is not labels and .b8 lists leaves the
 * rest undecoded (the names after it unknown); t is at '{'. */
static int parse_debug_str(reader *r)
{
	tok open = r->t;
	bool ok = true;
	next(r);
	while (r->t.kind != T_END && !is_p(r, '}') && !r->rc) {
		if (ok && r->t.kind == T_IDENT && r->t.s[0] != '.') {
			tok label = r->t;
			next(r);
			nslot *e;
			if (!is_p(r, ':')) {
				ok = false;
			} else if (!(e = nmap_put(&r->al, &r->dstr_labels, label.s, label.len))) {
				return oom(r);
			} else {
				e->val = r->ndstr > UINT32_MAX ? UINT32_MAX : (uint32_t)r->ndstr;
				e->tag = 0;
				next(r);
			}
			continue;
		}
		if (ok && is_word(&r->t, ".b8")) {
			next(r);
			for (;;) {
				int64_t b;
				if (r->t.kind != T_NUM || !int_value(&r->t, &b) || b < 0 || b > 255) {
					ok = false;
					break;
				}
				if (grow(r, &r->dstr, &r->dstr_cap, r->ndstr + 1, 1))
					return r->rc;
				r->dstr[r->ndstr++] = (unsigned char)b;
				next(r);
				if (!is_p(r, ','))
					break;
				next(r);
			}
			if (is_p(r, ';'))
				next(r);
			continue;
		}
		ok = false;
		next(r);
	}
	if (!is_p(r, '}'))
		return r->rc ? r->rc : err(r, open.line, open.col, "'{' without a matching '}'");
	next(r);
	return r->rc;
}

/* .section .debug_abbrev, .debug_info { .b8 N, ...; .b32 LABEL[+N]; ... }:
 * the bytes, a label's place left 0 and listed (dwarf.h); t is at
 * '{'. What is not such a list leaves the section undecoded (empty). */
static int parse_dwarf_section(reader *r, struct dsec *d)
{
	tok open = r->t;
	bool ok = true;
	next(r);
	while (r->t.kind != T_END && !is_p(r, '}') && !r->rc) {
		unsigned w = is_word(&r->t, ".b8")    ? 1
			     : is_word(&r->t, ".b16") ? 2
			     : is_word(&r->t, ".b32") ? 4
			     : is_word(&r->t, ".b64") ? 8
						      : 0;
		if (!ok || !w) {
			if (ok && r->t.kind == T_IDENT && r->t.s[0] != '.') { /* LABEL: */
				next(r);
				ok = is_p(r, ':');
			} else {
				ok = false;
			}
			next(r);
			continue;
		}
		next(r);
		for (;;) {
			int64_t v = 0;
			bool neg = is_p(r, '-');
			if (neg)
				next(r);
			tc_dw_label lab = {0, (uint8_t)w, NULL, 0, 0};
			if (r->t.kind == T_NUM && int_value(&r->t, &v)) {
				v = neg ? -v : v;
			} else if (!neg && r->t.kind == T_IDENT) {
				lab.s = r->t.s;
				lab.len = r->t.len;
				next(r);
				if (is_p(r, '+') || is_p(r, '-')) {
					bool minus = is_p(r, '-');
					next(r);
					if (r->t.kind != T_NUM || !int_value(&r->t, &lab.add)) {
						ok = false;
						break;
					}
					lab.add = minus ? -lab.add : lab.add;
				} else {
					goto stored;
				}
			} else {
				ok = false;
				break;
			}
			next(r);
		stored:
			if (d->n >= UINT32_MAX - 8)
				return too_large(r);
			if (grow(r, &d->b, &d->cap, d->n + w, 1))
				return r->rc;
			for (unsigned k = 0; k < w; k++)
				d->b[d->n + k] = lab.s ? 0 : (unsigned char)((uint64_t)v >> (8 * k));
			if (lab.s) {
				lab.off = (uint32_t)d->n;
				if (grow(r, &d->lab, &d->labcap, d->nlab + 1, sizeof *d->lab))
					return r->rc;
				d->lab[d->nlab++] = lab;
			}
			d->n += w;
			if (!is_p(r, ','))
				break;
			next(r);
		}
		if (is_p(r, ';'))
			next(r);
	}
	if (!is_p(r, '}'))
		return r->rc ? r->rc : err(r, open.line, open.col, "'{' without a matching '}'");
	next(r);
	if (!ok)
		d->n = d->nlab = 0;
	return r->rc;
}

/* .file INDEX "name" [, timestamp, size], or (DWARF 5) .file INDEX
 * "directory" "name": the directory joined to a relative name */
static int parse_file(reader *r)
{
	tok d = r->t;
	next(r);
	int64_t idx;
	if (r->t.kind != T_NUM || !int_value(&r->t, &idx) || idx < 0)
		return expected(r, "a file index");
	if (idx > MAX_FILE_INDEX)
		return err(r, r->t.line, r->t.col, "file index %lld is past the reader's limit of %d",
			   (long long)idx, MAX_FILE_INDEX);
	next(r);
	if (r->t.kind != T_STR)
		return expected(r, "a file name in quotes");
	tok name = r->t;
	next(r);
	const char *path = name.s + 1;
	size_t plen = name.len - 2;
	if (r->t.kind == T_STR) {
		tok file = r->t;
		next(r);
		const char *f = file.s + 1;
		size_t flen = file.len - 2;
		if ((flen && f[0] == '/') || plen == 0) {
			path = f;
			plen = flen;
		} else {
			if (grow(r, &r->name, &r->name_cap, plen + flen + 2, 1))
				return r->rc;
			memcpy(r->name, path, plen);
			size_t n = plen;
			if (r->name[n - 1] != '/')
				r->name[n++] = '/';
			memcpy(r->name + n, f, flen);
			if (!(path = tc__module_string(r->out, r->name, n + flen)))
				return oom(r);
			plen = n + flen;
		}
	}
	while (is_p(r, ',')) {
		next(r);
		if (r->t.kind != T_NUM)
			return expected(r, "a number");
		next(r);
	}
	if (files_reserve(r, (size_t)idx + 1))
		return r->rc;
	if (r->files[idx].path)
		return err(r, d.line, d.col, "file index %lld is declared twice", (long long)idx);
	r->files[idx].path = path;
	r->files[idx].len = (uint32_t)plen;
	return r->rc;
}

/* ---- records ---------------------------------------------------------- */

/* nothing known for the warp's view (lanes.h) */
static const tc_lane_op no_lane = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};

/* A record: instruction writing def (TC_NONE: none) and reading r->rd;
 * with the warp's view wanted, r->cur_lane is what it computes. */
static int emit(reader *r, uint32_t def, uint8_t kind, uint32_t src)
{
	vecs *v = &r->rec;
	size_t n = v->def.len;
	if (n >= UINT32_MAX - 2 || v->op.len + r->rd.len >= UINT32_MAX - 2)
		return too_large(r);
	if (grow(r, &v->kind, &v->kind_cap, n + 1, 1) || push(r, &v->def, def) ||
	    push(r, &v->src, src) || push(r, &v->opoff, (uint32_t)v->op.len))
		return r->rc;
	if (r->want_lanes) {
		if (grow(r, &r->lane, &r->lane_cap, n + 1, sizeof *r->lane))
			return r->rc;
		r->lane[n] = r->cur_lane;
	}
	v->kind[n] = kind;
	if (tc__u32vec_reserve(&r->al, &v->op, v->op.len + r->rd.len))
		return oom(r);
	if (r->rd.len)
		memcpy(v->op.v + v->op.len, r->rd.v, r->rd.len * sizeof *r->rd.v);
	v->op.len += r->rd.len;
	return TC_OK;
}

/* where the registers record i reads end in rec.op */
static uint32_t op_end(const reader *r, uint32_t i)
{
	return i + 1 < r->rec.opoff.len ? r->rec.opoff.v[i + 1] : (uint32_t)r->rec.op.len;
}

static ploc here(const reader *r, const tok *t)
{
	ploc l = r->have_loc ? r->cur_loc : (ploc){0, t->line, t->col, 0, 0, 0};
	l.fn = r->fidx;
	l.pos = r->npos;
	return l;
}

/* A divergence source check can name: its text, kept in the module. */
static uint32_t add_source(reader *r, const char *what, size_t len, ploc loc)
{
	const char *kept = tc__module_string(r->out, what, len);
	if (!kept || grow(r, &r->srcs, &r->srcs_cap, r->nsrcs + 1, sizeof *r->srcs)) {
		oom(r);
		return TC_NONE;
	}
	r->srcs[r->nsrcs] = (psource){kept, loc};
	return (uint32_t)r->nsrcs++;
}

static int add_item(reader *r, uint8_t op, uint32_t cond, uint32_t target, bool pred,
		    uint32_t guard, ploc loc)
{
	if (grow(r, &r->items, &r->items_cap, r->nitems + 1, sizeof *r->items))
		return r->rc;
	r->items[r->nitems++] = (item){r->npos, cond, target, guard, TC_NONE, op, pred, loc};
	return TC_OK;
}

static int add_ref(reader *r, lref **v, size_t *n, size_t *cap, const tok *t)
{
	if (grow(r, v, cap, *n + 1, sizeof **v))
		return r->rc;
	(*v)[(*n)++] = (lref){t->s, t->len, t->line, t->col, TC_NONE, 0};
	return TC_OK;
}

/* ---- operands ----------------------------------------------------------- */

/* A register operand at t: its id; TC_NONE for a special register (noted
 * in r->div_sreg / impure_sreg) or after an error. */
static uint32_t reg_operand(reader *r, const tok *t)
{
	uint32_t id = reg_lookup(r, t);
	if (id != TC_NONE)
		return id;
	switch (sreg_kind(t)) {
	case SR_DIVERGENT:
		if (!r->div_sreg) {
			r->div_sreg = t->s;
			r->div_len = t->len;
		}
		if (is_word(t, "%tid.x") || is_word(t, "%tid.y") || is_word(t, "%tid.z"))
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
		err(r, t->line, t->col, "register " TOKF " is not declared", TOKA(*t));
		return TC_NONE;
	}
}

static int oreg(reader *r, uint32_t id)
{
	return id == TC_NONE ? TC_OK : push(r, &r->oregs, id);
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
	next(r);
	uint32_t terms = 0;
	int sign = 1;
	while (!is_p(r, ']')) {
		if (r->t.kind == T_END)
			return expected(r, "']'");
		if (is_reg_tok(r, &r->t)) {
			uint32_t id = reg_operand(r, &r->t);
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
			if (int_value(&r->t, &v) && terms > 0)
				o->off += sign * v;
			else
				o->simple = false;
			sign = 1;
		} else if (is_p(r, '+')) {
			;
		} else if (is_p(r, '-')) {
			sign = -sign;
		} else if (is_p(r, '{')) { /* tex: [t, {%f1, %f2}] */
			o->simple = false;
		} else if (is_p(r, '}') || is_p(r, ',')) {
			o->simple = false;
		} else {
			return expected(r, "an address");
		}
		next(r);
	}
	next(r);
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
	if (is_p(r, ';')) {
		next(r);
		return TC_OK;
	}
	for (;;) {
		if (grow(r, &r->ops, &r->ops_cap, r->nops + 1, sizeof *r->ops))
			return r->rc;
		opnd *o = &r->ops[r->nops];
		memset(o, 0, sizeof *o);
		o->at = r->t;
		o->reg = TC_NONE;
		bool sink = is_word(&r->t, "_");
		if (is_reg_tok(r, &r->t) || sink) {
			o->k = sink ? O_SINK : O_REG;
			o->reg = sink ? TC_NONE : reg_operand(r, &r->t);
			next(r);
			if (is_p(r, '|')) { /* setp's second result; either may be
					     * the sink: elect.sync _|%p */
				next(r);
				bool sink2 = is_word(&r->t, "_");
				if (!is_reg_tok(r, &r->t) && !sink2)
					return expected(r, "a predicate register");
				uint32_t q = sink2 ? TC_NONE : reg_operand(r, &r->t);
				o->k = O_PAIR;
				o->r0 = (uint32_t)r->oregs.len;
				if (push(r, &r->oregs, o->reg) || push(r, &r->oregs, q))
					return r->rc;
				o->nr = (uint32_t)r->oregs.len - o->r0;
				next(r);
			}
		} else if (is_p(r, '!')) {
			next(r);
			if (!is_reg_tok(r, &r->t))
				return expected(r, "a predicate register after '!'");
			o->k = O_NOT;
			o->reg = reg_operand(r, &r->t);
			next(r);
		} else if (r->t.kind == T_IDENT) {
			o->k = O_SYM;
			o->sym = r->t.s;
			o->slen = r->t.len;
			next(r);
			while (is_p(r, '+') || is_p(r, '-')) { /* sym+4 */
				next(r);
				if (r->t.kind != T_NUM)
					return expected(r, "a number");
				next(r);
			}
		} else if (r->t.kind == T_NUM || is_p(r, '-') || is_p(r, '~')) {
			int sign = 1;
			while (is_p(r, '-') || is_p(r, '~')) {
				sign = -sign;
				next(r);
			}
			if (r->t.kind != T_NUM)
				return expected(r, "a number");
			o->k = O_IMM;
			o->known = int_value(&r->t, &o->off);
			o->off *= sign;
			next(r);
		} else if (is_p(r, '[')) {
			if (parse_address(r, o))
				return r->rc;
		} else if (is_p(r, '{')) {
			o->k = O_VEC;
			o->r0 = (uint32_t)r->oregs.len;
			next(r);
			for (;;) {
				if (is_reg_tok(r, &r->t)) {
					if (oreg(r, reg_operand(r, &r->t)))
						return r->rc;
				} else if (r->t.kind == T_NUM || is_word(&r->t, "_") ||
					   r->t.kind == T_IDENT) {
					if (!is_word(&r->t, "_") && r->t.kind == T_IDENT)
						return expected(r, "a register");
					if (push(r, &r->oregs, TC_NONE))
						return r->rc;
				} else if (is_p(r, '-')) {
					next(r);
					continue;
				} else {
					return expected(r, "a register");
				}
				next(r);
				if (is_p(r, '}'))
					break;
				if (expect_p(r, ',', "',' or '}'"))
					return r->rc;
			}
			next(r);
			o->nr = (uint32_t)r->oregs.len - o->r0;
		} else if (is_p(r, '(')) {
			o->k = O_LIST;
			o->l0 = (uint32_t)r->nolist;
			next(r);
			while (!is_p(r, ')')) {
				if (r->t.kind != T_IDENT && r->t.kind != T_NUM)
					return expected(r, "a parameter name");
				if (is_reg_tok(r, &r->t) && oreg(r, reg_operand(r, &r->t)))
					return r->rc;
				if (grow(r, &r->olist, &r->olist_cap, r->nolist + 1, sizeof *r->olist))
					return r->rc;
				r->olist[r->nolist++] = r->t;
				next(r);
				if (is_p(r, ','))
					next(r);
				else if (!is_p(r, ')'))
					return expected(r, "',' or ')'");
			}
			next(r);
			o->nl = (uint32_t)r->nolist - o->l0;
		} else {
			return expected(r, "an operand");
		}
		if (r->rc)
			return r->rc;
		r->nops++;
		if (is_p(r, ','))
			next(r);
		else
			return semicolon(r);
	}
}

/* the registers an operand reads into r->rd (an address: all of them) */
static int reads_of(reader *r, const opnd *o)
{
	switch (o->k) {
	case O_REG:
	case O_NOT:
		return o->reg == TC_NONE ? TC_OK : push(r, &r->rd, o->reg);
	case O_VEC:
	case O_PAIR:
	case O_ADDR:
		for (uint32_t k = 0; k < o->nr; k++)
			if (r->oregs.v[o->r0 + k] != TC_NONE && push(r, &r->rd, r->oregs.v[o->r0 + k]))
				return r->rc;
		return TC_OK;
	default:
		return TC_OK;
	}
}

/* ---- instructions --------------------------------------------------------- */

/* whether the opcode's modifiers (".global.u32") hold mod (".global"; also
 * as the first part of a qualifier: ".shared::cta") */
static bool has_mod(const tok *op, size_t blen, const char *mod)
{
	size_t k = strlen(mod);
	for (size_t i = blen; i + k <= op->len; i++)
		if (op->s[i] == '.' && memcmp(op->s + i, mod, k) == 0 &&
		    (i + k == op->len || op->s[i + k] == '.' || op->s[i + k] == ':'))
			return true;
	return false;
}

/* what the reader knows of an opcode (its name up to the first '.') */
enum { OPF_PURE = 1, OPF_LANE = 2, OPF_NODEF = 4, OPF_COLL = 8 /* may be a collective */ };
enum { OP_OTHER, OP_BRA, OP_BRX, OP_RET, OP_TRAP, OP_BAR, OP_CALL, OP_LD, OP_ST, OP_MOV, OP_CVTA };

typedef struct opinfo {
	const char *name;
	uint8_t len, code, flags;
} opinfo;

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

/* NULL: no PTX instruction */
static const opinfo *opcode(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof optab / sizeof *optab; i++)
		if (optab[i].len == n && optab[i].name[0] == s[0] && memcmp(optab[i].name, s, n) == 0)
			return &optab[i];
	return NULL;
}

/* The slot register for a depot offset (a new one the first time). A load
 * of fewer bytes than the slot at its offset reads its low bytes (PTX is
 * little-endian): *part is set. */
static uint32_t depot_slot(reader *r, int64_t off, uint32_t size, bool load, bool *part)
{
	*part = false;
	for (size_t i = 0; i < r->ndslots; i++) /* few slots per function */
		if (r->dslots[i].off == off) {
			if (load && size < r->dslots[i].size)
				*part = true;
			else if (r->dslots[i].size != size)
				r->depot_ok = false;
			return r->dslots[i].reg;
		}
	if (grow(r, &r->dslots, &r->dslots_cap, r->ndslots + 1, sizeof *r->dslots))
		return TC_NONE;
	uint32_t reg = new_reg(r);
	r->dslots[r->ndslots++] = (dslot){off, size, reg};
	return reg;
}

/* The size in bytes of one element of a load or store's type suffix. */
static uint32_t elem_size(const tok *op)
{
	size_t n = op->len;
	size_t k = n;
	while (k > 0 && op->s[k - 1] != '.')
		k--;
	uint32_t bits = 0;
	for (size_t i = k + 1; i < n && is_digit((unsigned char)op->s[i]); i++)
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

/* The slot register a .param name of the body stands for, or TC_NONE. */
static uint32_t param_slot(reader *r, const char *s, uint32_t len, nslot **slot)
{
	nslot *e = nmap_find(&r->scoped, s, len, name_hash(s, len));
	*slot = e;
	return e ? e->val : TC_NONE;
}

/* records for each register the instruction writes (defs), reading r->rd
 * and, when guarded, the guard and the register's old value */
static int emit_defs(reader *r, const uint32_t *defs, uint32_t ndefs, uint32_t guard,
		     uint8_t kind, uint32_t src)
{
	size_t base = r->rd.len;
	if (guard != TC_NONE) /* a guarded write: lanes.h knows nothing of it */
		r->cur_lane = no_lane;
	if (guard != TC_NONE && push(r, &r->rd, guard))
		return r->rc;
	for (uint32_t k = 0; k < ndefs; k++) {
		if (defs[k] == TC_NONE)
			continue;
		if (guard != TC_NONE && push(r, &r->rd, defs[k]))
			return r->rc;
		if (emit(r, defs[k], kind, src))
			return r->rc;
		if (guard != TC_NONE)
			r->rd.len--;
	}
	r->rd.len = base;
	r->cur_lane = no_lane;
	return TC_OK;
}

/* The registers the first operand writes (in r->oregs order), into defs. */
static uint32_t first_defs(reader *r, const opnd *o, uint32_t *one, const uint32_t **defs)
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
static void check_escape(reader *r, size_t from)
{
	for (size_t k = from; k < r->rd.len; k++)
		if (r->dbase[r->rd.v[k]])
			r->depot_ok = false;
}

/* A divergence source for the special register s (n bytes). */
static uint32_t sreg_named(reader *r, const char *s, size_t n, ploc loc)
{
	char buf[64];
	int len;
	if (n == 6 && memcmp(s, "%tid.", 5) == 0)
		len = snprintf(buf, sizeof buf, "threadIdx.%c", s[5]);
	else
		len = snprintf(buf, sizeof buf, "%.*s", (int)(n < 40 ? n : 40), s);
	return add_source(r, buf, (size_t)len, loc);
}

static uint32_t sreg_source(reader *r, ploc loc)
{
	return r->div_sreg ? sreg_named(r, r->div_sreg, r->div_len, loc) : TC_NONE;
}

/* ---- the warp's view (analysis/lanes.h) ------------------------------------- */

/* v's low bits sign-extended to 64 bits (a constant of a bits-wide type). */
static int64_t sext(int64_t v, unsigned bits)
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
		if (!is_digit((unsigned char)s[k]))
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
	    (is_word(&x->at, "WARP_SZ") || is_word(&x->at, "%WARP_SZ"))) {
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
		return sreg_kind(&x->at) == SR_UNIFORM;
	}
	if (x->k == O_IMM && x->known) {
		o->flags |= i ? TC_LOP_K1 : TC_LOP_K0;
		o->k[i] = sext(x->off, bits);
		return true;
	}
	return false;
}

/* A special register that lanes.h knows: tid.x, .y, .z, ntid.x, laneid. */
static uint8_t lane_sreg(const opnd *x)
{
	if (x->k != O_REG || x->reg != TC_NONE)
		return TC_LOP_OTHER;
	return is_word(&x->at, "%tid.x")    ? TC_LOP_TID_X
	       : is_word(&x->at, "%tid.y")  ? TC_LOP_TID_Y
	       : is_word(&x->at, "%tid.z")  ? TC_LOP_TID_Z
	       : is_word(&x->at, "%ntid.x") ? TC_LOP_NTID_X
	       : is_word(&x->at, "%laneid") ? TC_LOP_LANE
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
	tc_lane_op o = no_lane, b = {TC_LOP_BROADCAST, 0, 32, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
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
	if (w->k == O_IMM ? !w->known || w->off != c->whole_value : w->k != O_REG || w->reg == TC_NONE)
		return o;
	bool full = m->k == O_IMM ? m->known && (m->off == -1 || m->off == INT64_C(0xffffffff))
				  : m->k == O_REG && m->reg != TC_NONE;
	if (full && lane_slot(&b, 0, &r->ops[c->from + 1], read_pos(r, (size_t)c->from + 1), 32))
		o = b;
	return o;
}

/*
 * What the instruction writing nd registers from its first operand
 * computes, for the warp's view (docs/ptx.md, "Collectives"): integer
 * arithmetic, shifts, bitwise operations and comparisons of registers and
 * immediates, copies (mov, cvt between integer types), the thread-id
 * registers, and the results of collectives.
 */
static tc_lane_op lane_of(const reader *r, const tok *op, size_t blen, uint32_t nd)
{
	static const struct {
		const char *name;
		uint8_t op;
	} binary[] = {
		{"add", TC_LOP_ADD}, {"sub", TC_LOP_SUB}, {"mul", TC_LOP_MUL},
		{"shl", TC_LOP_SHL}, {"shr", TC_LOP_LSHR}, {"div", TC_LOP_UDIV},
		{"rem", TC_LOP_UREM}, {"and", TC_LOP_AND}, {"or", TC_LOP_OR},
		{"xor", TC_LOP_XOR},
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
	tc_lane_op o = no_lane;
	if (r->coll_row)
		return lane_collective(r, r->coll_row);
	if (blen == 10 && memcmp(op->s, "activemask", 10) == 0)
		return (tc_lane_op){TC_LOP_WARP, 0, 32, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
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
		o.bits = (uint8_t)(from < bits ? from : bits);
		if ((o.op = lane_sreg(x)))
			return o;
		if ((x->k == O_SYM || (x->k == O_REG && x->reg == TC_NONE)) &&
		    (is_word(&x->at, "WARP_SZ") || is_word(&x->at, "%WARP_SZ"))) {
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
		return no_lane;
	}
	if (blen == 4 && memcmp(op->s, "setp", 4) == 0) {
		unsigned bits = int_type(&m, 1, &sign);
		if (m.n != 2 || !bits || r->nops != 3)
			return o;
		for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++)
			if (mod_is(&m, 0, cmp[i].name))
				o.op = sign == 's' ? cmp[i].s : cmp[i].u;
		if (sign == 'b' && o.op != TC_LOP_EQ && o.op != TC_LOP_NE)
			return no_lane;
		if (!o.op)
			return o;
		o.bits = 1;
		if (!lane_slot(&o, 0, x, 0, bits) ||
		    !lane_slot(&o, 1, &r->ops[2], reads_count(r, x), bits))
			return no_lane;
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
			return no_lane;
		o.cond = at;
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
	/* mul.lo.TYPE; the others NAME.TYPE, without .sat, .cc, .wide, .hi */
	if (m.n != (mul ? 2u : 1u) || (mul && !mod_is(&m, 0, "lo")))
		return no_lane;
	unsigned bits = int_type(&m, mul ? 1 : 0, &sign);
	if (!bits)
		return no_lane;
	switch (o.op) {
	case TC_LOP_ADD:
	case TC_LOP_SUB:
	case TC_LOP_MUL:
		if (sign == 'b')
			return no_lane;
		break;
	case TC_LOP_LSHR:
		if (sign == 's')
			o.op = TC_LOP_ASHR;
		break;
	case TC_LOP_UDIV:
	case TC_LOP_UREM:
		if (sign == 'b')
			return no_lane;
		if (sign == 's')
			o.op = o.op == TC_LOP_UDIV ? TC_LOP_SDIV : TC_LOP_SREM;
		break;
	default:
		break;
	}
	o.bits = (uint8_t)bits;
	bool shift = o.op == TC_LOP_SHL || o.op == TC_LOP_LSHR || o.op == TC_LOP_ASHR;
	if (!lane_slot(&o, 0, x, 0, bits) ||
	    !lane_slot(&o, 1, &r->ops[2], reads_count(r, x), shift ? 32 : bits))
		return no_lane;
	return o;
}

static int ld_st(reader *r, const tok *op, size_t blen, bool load, uint32_t guard)
{
	if (r->nops < 2)
		return err(r, op->line, op->col, TOKF " takes two operands", TOKA(*op));
	const opnd *val = &r->ops[load ? 0 : 1], *addr = &r->ops[load ? 1 : 0];
	if (addr->k != O_ADDR)
		return err(r, addr->at.line, addr->at.col, "expected an address in '[ ]'");
	bool param = has_mod(op, blen, ".param"), local = has_mod(op, blen, ".local");
	bool space = param || local || has_mod(op, blen, ".global") ||
		     has_mod(op, blen, ".shared") || has_mod(op, blen, ".const") ||
		     has_mod(op, blen, ".tex");
	bool atomic = has_mod(op, blen, ".volatile") || has_mod(op, blen, ".relaxed") ||
		      has_mod(op, blen, ".acquire") || has_mod(op, blen, ".mmio");
	uint32_t one;
	const uint32_t *regs; /* a load's results */
	uint32_t nv = first_defs(r, val, &one, &regs);
	r->rd.len = 0;
	/* the local depot at a constant offset: a slot */
	bool depot = addr->simple && addr->base != TC_NONE && r->dbase[addr->base] &&
		     (local || !space);
	if (depot) {
		uint32_t size = elem_size(op);
		uint32_t n = val->k == O_VEC ? val->nr : 1;
		for (uint32_t k = 0; k < n && !r->rc; k++) {
			bool part;
			uint32_t slot = depot_slot(r, addr->off + (int64_t)k * size, size, load, &part);
			uint32_t v = val->k == O_VEC ? r->oregs.v[val->r0 + k]
				     : val->k == O_REG   ? val->reg
							 : TC_NONE;
			if (slot == TC_NONE)
				return r->rc;
			r->rd.len = 0;
			size_t mark = r->rec.def.len;
			/* for the warp's view: a copy of the slot, of the value */
			tc_lane_op copy = {TC_LOP_COPY, 0, (uint8_t)(size < 8 ? size * 8 : 64),
					   {0, TC_NONE}, {0, 0}, TC_NONE};
			if (part && elem_signed(op)) /* a narrower signed copy */
				copy = no_lane;
			if (!load && v == TC_NONE) {
				copy.a[0] = TC_NONE;
				if (val->k == O_IMM && val->known) {
					copy.flags = TC_LOP_K0;
					copy.k[0] = sext(val->off, copy.bits);
				} else {
					copy = no_lane;
				}
			}
			if (load) {
				r->cur_lane = copy;
				if (push(r, &r->rd, slot) || emit_defs(r, &v, 1, guard, TC_UA_PURE, TC_NONE))
					return r->rc;
			} else {
				if (v != TC_NONE && push(r, &r->rd, v))
					return r->rc;
				check_escape(r, 0);
				r->cur_lane = copy;
				if (emit_defs(r, &slot, 1, guard, TC_UA_PURE, TC_NONE))
					return r->rc;
			}
			for (size_t x = mark; x < r->rec.def.len; x++)
				if (push(r, load ? &r->dload : &r->dstore, (uint32_t)x))
					return r->rc;
		}
		return r->rc;
	}
	/* the address's registers, then (a store) the value's */
	if (reads_of(r, addr))
		return r->rc;
	check_escape(r, 0);
	if (!load) {
		size_t from = r->rd.len;
		if (reads_of(r, val))
			return r->rc;
		check_escape(r, from);
		if (param && addr->sym) { /* an argument or result of a call */
			nslot *e;
			uint32_t slot = param_slot(r, addr->sym, addr->slen, &e);
			size_t nval = r->rd.len - from; /* the value's registers only */
			if (slot == TC_NONE) { /* the function's own result: its register */
				e = nmap_find(&r->params, addr->sym, addr->slen,
					      name_hash(addr->sym, addr->slen));
				if (!e || e->tag != P_RET || e->val == TC_NONE)
					return TC_OK;
				if (nval && from)
					memmove(r->rd.v, r->rd.v + from, nval * sizeof *r->rd.v);
				r->rd.len = nval;
				/* a part of it: the rest stays */
				if (addr->off != 0 && push(r, &r->rd, e->val))
					return r->rc;
				return emit_defs(r, &e->val, 1, guard, TC_UA_PURE, TC_NONE);
			}
			if (nval && from)
				memmove(r->rd.v, r->rd.v + from, nval * sizeof *r->rd.v);
			r->rd.len = nval;
			if (addr->off != 0 && push(r, &r->rd, slot))
				return r->rc; /* a part of it: the rest stays */
			/* an integer constant stored whole: a builtin's argument */
			e->aux = val->k == O_IMM && val->known && addr->off == 0 &&
					 val->off >= 0 && val->off < 0xffff
				     ? (uint32_t)val->off + 1
				     : 0;
			/* the argument as a copy of the value (a constant or one
			 * register), for what a calling context traces back */
			if (addr->off == 0 && nval == 1)
				r->cur_lane = (tc_lane_op){TC_LOP_COPY, 0, 0, {0, TC_NONE}, {0, 0}, TC_NONE};
			else if (addr->off == 0 && nval == 0 && val->k == O_IMM && val->known)
				r->cur_lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_K0, 0,
							   {TC_NONE, TC_NONE}, {val->off, 0}, TC_NONE};
			return emit_defs(r, &slot, 1, guard, TC_UA_PURE, TC_NONE);
		}
		return TC_OK; /* memory is not followed */
	}
	if (nv == 0)
		return TC_OK;
	uint8_t kind = 0;
	if (param && addr->sym) {
		nslot *e = nmap_find(&r->params, addr->sym, addr->slen,
				     name_hash(addr->sym, addr->slen));
		nslot *se;
		uint32_t slot = param_slot(r, addr->sym, addr->slen, &se);
		r->rd.len = 0;
		if (slot != TC_NONE) {
			if (push(r, &r->rd, slot))
				return r->rc;
			kind = TC_UA_PURE;
		} else if (e && e->tag == P_KERNEL) {
			kind = K_ARGUMENT; /* one for the whole grid */
		} else {
			kind = TC_UA_SOURCE; /* who calls a function with what is unknown */
			if (e && e->tag == P_FUNC) { /* unless a calling context says */
				size_t mark = r->rec.def.len;
				if (emit_defs(r, regs, nv, guard, kind, TC_NONE))
					return r->rc;
				for (size_t x = mark; x < r->rec.def.len; x++)
					if (push(r, &r->pv_rec, (uint32_t)x) ||
					    push(r, &r->pv_index, e->val))
						return r->rc;
				return TC_OK;
			}
		}
	} else if (atomic || local || param) {
		kind = TC_UA_SOURCE;
	} else if (!space) {
		/* generic: thread-dependent when the address may point into the
		 * local space (decided when the function is read) */
		size_t mark = r->rec.def.len;
		if (emit_defs(r, regs, nv, guard, 0, TC_NONE))
			return r->rc;
		for (size_t x = mark; x < r->rec.def.len; x++)
			if (push(r, &r->gload, (uint32_t)x) ||
			    push(r, &r->gaddr, addr->base != TC_NONE ? addr->base
					       : addr->nr ? r->oregs.v[addr->r0]
							  : TC_NONE))
				return r->rc;
		return TC_OK;
	}
	return emit_defs(r, regs, nv, guard, kind, TC_NONE);
}

/* bar / barrier */
static int barrier_op(reader *r, const tok *op, size_t blen, uint32_t guard, bool pred,
		      ploc loc)
{
	r->rd.len = 0;
	for (size_t k = 0; k < r->nops; k++)
		if (reads_of(r, &r->ops[k]))
			return r->rc;
	check_escape(r, 0);
	if (has_mod(op, blen, ".warp") || has_mod(op, blen, ".arrive"))
		return TC_OK; /* one warp, or no wait */
	bool red = has_mod(op, blen, ".red");
	size_t nargs = r->nops;
	if (red) {
		if (r->nops < 3)
			return err(r, op->line, op->col, TOKF " takes three or four operands",
				   TOKA(*op));
		uint32_t one;
		const uint32_t *defs;
		uint32_t nd = first_defs(r, &r->ops[0], &one, &defs);
		/* the result is one for the whole block */
		r->rd.len = 0;
		for (size_t k = 1; k < r->nops; k++)
			if (reads_of(r, &r->ops[k]))
				return r->rc;
		if (emit_defs(r, defs, nd, guard, TC_UA_UNIFORM, TC_NONE))
			return r->rc;
		nargs = r->nops - 2; /* a{, b} of d, a{, b}, c */
	}
	bool partial = nargs >= 2;
	return add_item(r, partial ? IT_PARTIAL : IT_BARRIER, TC_NONE, TC_NONE, pred, guard, loc);
}

/* call[.uni] [(results),] f|%reg, [(arguments)] [, prototype] */
/* At a ret of a .func with results: a record that reads them, whose
 * divergence is that of what the function returns there (graph/desc.h). */
static int returned(reader *r)
{
	if (r->f->entry || r->ret_regs.len == 0)
		return TC_OK;
	r->rd.len = 0;
	for (size_t k = 0; k < r->ret_regs.len; k++)
		if (push(r, &r->rd, r->ret_regs.v[k]))
			return r->rc;
	if (push(r, &r->ret_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	r->cur_lane = no_lane;
	return emit(r, TC_NONE, TC_UA_PURE, TC_NONE);
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
		uint32_t slot = t->kind == T_IDENT ? param_slot(r, t->s, t->len, &e) : TC_NONE;
		r->rd.len = 0;
		if (slot != TC_NONE && push(r, &r->rd, slot))
			return r->rc;
		if (push(r, &r->carg, (uint32_t)r->rec.def.len))
			return r->rc;
		r->cur_lane = r->rd.len == 1
				      ? (tc_lane_op){TC_LOP_COPY, 0, 0, {0, TC_NONE}, {0, 0}, TC_NONE}
				      : no_lane;
		if (emit(r, TC_NONE, TC_UA_PURE, TC_NONE))
			return r->rc;
	}
	r->rd.len = 0;
	return TC_OK;
}

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
		return err(r, callee ? callee->at.line : op->line, callee ? callee->at.col : op->col,
			   "expected the called function's name (or a register holding its "
			   "address)");
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
	if (callee->k == O_SYM) {
		if (!nmap_find(&r->fnames, callee->sym, callee->slen,
			       name_hash(callee->sym, callee->slen)))
			return err(r, callee->at.line, callee->at.col,
				   "call of '%.*s', which is not declared", (int)(callee->slen > 60 ? 60 : callee->slen),
				   callee->sym);
		ck = tc__gpu_builtin_kind(callee->sym, callee->slen);
		uint64_t vals[8];
		uint8_t known[8];
		unsigned na = 0;
		for (uint32_t a = 0; args && a < args->nl; a++) {
			const tok *t = &r->olist[args->l0 + a];
			nslot *e;
			uint32_t slot = t->kind == T_IDENT ? param_slot(r, t->s, t->len, &e) : TC_NONE;
			if (slot != TC_NONE && push(r, &r->rd, slot))
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
	} else {
		for (uint32_t a = 0; args && a < args->nl; a++) {
			const tok *t = &r->olist[args->l0 + a];
			nslot *e;
			uint32_t slot = t->kind == T_IDENT ? param_slot(r, t->s, t->len, &e) : TC_NONE;
			if (slot != TC_NONE && push(r, &r->rd, slot))
				return r->rc;
		}
	}
	check_escape(r, 0);
	uint8_t kind = ck == TC_GPU_DIVERGENT_SOURCE ? TC_UA_SOURCE | TC_UA_NAMED
		       : ck == TC_GPU_UNIFORM_SOURCE ? 0
		       : ck == TC_GPU_BARRIER || ck == TC_GPU_COLLECTIVE ? TC_UA_UNIFORM
									  : TC_UA_SOURCE;
	uint32_t src = TC_NONE;
	if (dn > 0 && (src = add_source(r, desc, (size_t)dn, loc)) == TC_NONE)
		return r->rc;
	for (uint32_t a = 0; rets && a < rets->nl; a++) {
		const tok *t = &r->olist[rets->l0 + a];
		nslot *e;
		uint32_t slot = t->kind == T_IDENT ? param_slot(r, t->s, t->len, &e) : TC_NONE;
		if (a == 0 && guard == TC_NONE)
			result = (uint32_t)r->rec.def.len; /* the record emitted next */
		if (slot == TC_NONE) {
			if (t->kind == T_IDENT && t->s[0] == '%') {
				uint32_t reg = reg_lookup(r, t); /* a result in a register */
				if (reg != TC_NONE && emit_defs(r, &reg, 1, guard, kind, src))
					return r->rc;
			}
			continue;
		}
		if (emit_defs(r, &slot, 1, guard, kind, src))
			return r->rc;
	}
	if (result != TC_NONE && result >= r->rec.def.len)
		result = TC_NONE; /* no result record */
	if (ck == TC_GPU_BARRIER)
		return add_item(r, IT_BARRIER, TC_NONE, TC_NONE, pred, guard, loc);
	if (callee->k != O_SYM)
		return TC_OK; /* an indirect call: not followed */
	if (grow(r, &r->calls, &r->calls_cap, r->ncalls + 1, sizeof *r->calls))
		return r->rc;
	r->calls[r->ncalls] = (pcall){r->fidx, callee->sym, callee->slen, TC_NONE, false, 0,
				      arg0, nargs, result, loc};
	return add_item(r, IT_CALL, TC_NONE, (uint32_t)r->ncalls++, pred, guard, loc);
}

/*
 * mad.lo d, a, b, c for the warp's view: a record of its own for a * b (a
 * new register t, the same kind), and d as t + c, reading t and c; the same
 * dependences as d reading a, b and c. r->rd holds what the mad reads.
 */
static int mad_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src)
{
	opmods m;
	char sign = 0;
	if (r->nops != 4 || r->ops[0].k != O_REG || !split_mods(op, blen, &m) || m.n != 2 ||
	    !mod_is(&m, 0, "lo"))
		return TC_OK;
	unsigned bits = int_type(&m, 1, &sign);
	tc_lane_op mul = {TC_LOP_MUL, 0, (uint8_t)bits, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
	tc_lane_op add = {TC_LOP_ADD, 0, (uint8_t)bits, {0, TC_NONE}, {0, 0}, TC_NONE};
	const opnd *a = &r->ops[1], *b = &r->ops[2], *c = &r->ops[3];
	uint32_t na = reads_count(r, a), nb = reads_count(r, b), nc = reads_count(r, c);
	if (!bits || sign == 'b' || !lane_slot(&mul, 0, a, 0, bits) ||
	    !lane_slot(&mul, 1, b, na, bits) || !lane_slot(&add, 1, c, 1, bits) ||
	    r->rd.len != (size_t)na + nb + nc)
		return TC_OK;
	uint32_t creg = nc ? r->rd.v[na + nb] : TC_NONE;
	uint32_t t = new_reg(r);
	if (t == TC_NONE)
		return r->rc;
	r->rd.len = na + nb;
	r->cur_lane = mul;
	if (emit(r, t, kind, src))
		return r->rc;
	r->rd.len = 0;
	if (push(r, &r->rd, t) || (creg != TC_NONE && push(r, &r->rd, creg)))
		return r->rc;
	r->cur_lane = add;
	return TC_OK;
}

/*
 * bfe.u32/.u64 d, a, pos, len with constants in range, for the warp's view:
 * t = a >> pos (a record of its own) and d = t & (2^len - 1), reading t.
 */
static int bfe_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src)
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
	tc_lane_op shr = {TC_LOP_LSHR, TC_LOP_K1, (uint8_t)bits, {0, TC_NONE}, {0, pos->off}, TC_NONE};
	tc_lane_op mask = {TC_LOP_AND, TC_LOP_K1, (uint8_t)bits, {0, TC_NONE},
			  {0, (int64_t)((UINT64_C(1) << len->off) - 1)}, TC_NONE};
	uint32_t t = new_reg(r);
	if (t == TC_NONE)
		return r->rc;
	r->cur_lane = shr;
	if (emit(r, t, kind, src))
		return r->rc;
	r->rd.len = 0;
	if (push(r, &r->rd, t))
		return r->rc;
	r->cur_lane = mask;
	return TC_OK;
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
		nd = first_defs(r, &r->ops[0], &one, &defs);
		k0 = 1;
	}
	r->rd.len = 0;
	for (size_t k = k0; k < r->nops; k++)
		if (reads_of(r, &r->ops[k]))
			return r->rc;
	/* the depot's address: mov of a .local name, cvta.local of it */
	bool to_base = false;
	if (nd == 1 && one != TC_NONE) {
		const opnd *s = r->nops > 1 ? &r->ops[1] : NULL;
		if (s && oi->code == OP_MOV && s->k == O_SYM &&
		    (nmap_find(&r->lsyms, s->sym, s->slen, name_hash(s->sym, s->slen)) ||
		     nmap_find(&r->gsyms, s->sym, s->slen, name_hash(s->sym, s->slen))))
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
		check_escape(r, 0);
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
		if ((src = sreg_source(r, loc)) == TC_NONE)
			return r->rc;
	} else if ((oi->flags & OPF_PURE) && !r->impure_sreg) {
		kind = TC_UA_PURE;
	}
	if (oi->code == OP_CVTA && !to_base && has_mod(op, blen, ".local") &&
	    !has_mod(op, blen, ".to"))
		kind |= K_LOCAL;
	if (r->want_lanes && nd && guard == TC_NONE) {
		r->cur_lane = lane_of(r, op, blen, nd);
		if (nd == 1 && !to_base && blen == 3 && memcmp(op->s, "mad", 3) == 0 &&
		    mad_lanes(r, op, blen, kind, src))
			return r->rc;
		if (nd == 1 && !to_base && blen == 3 && memcmp(op->s, "bfe", 3) == 0 &&
		    bfe_lanes(r, op, blen, kind, src))
			return r->rc;
	}
	size_t mark = r->rec.def.len;
	if (nd && emit_defs(r, defs, nd, guard, kind, src))
		return r->rc;
	/* a read of one %tid.D and nothing else thread-dependent: what the
	 * block's size says of it is the analyses' (tc_thread_id) */
	if ((kind & K_SREG) && !r->other_sreg && r->tid_dims && !(r->tid_dims & (r->tid_dims - 1)))
		for (size_t x = mark; x < r->rec.def.len; x++) {
			if (grow(r, &r->tids, &r->tids_cap, r->ntids + 1, sizeof *r->tids))
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
	if (!r->want_lanes) { /* the scan of the text missed it: nothing known before */
		size_t n = r->rec.def.len;
		if (grow(r, &r->lane, &r->lane_cap, n + 1, sizeof *r->lane))
			return r->rc;
		for (size_t i = 0; i < n; i++)
			r->lane[i] = no_lane;
		r->want_lanes = true;
	}
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
					 ? sreg_kind(&o->at)
					 : SR_NONE;
			if (sk == SR_DIVERGENT || sk == SR_CLOCK) {
				kind = TC_UA_SOURCE | TC_UA_NAMED | (sk == SR_CLOCK ? 0 : TC_UA_PURE);
				if ((src = sreg_named(r, o->at.s, o->at.len, loc)) == TC_NONE)
					return r->rc;
			}
		}
		if (first == TC_NONE)
			first = (uint32_t)r->rec.def.len;
		/* a copy of the operand, for what a calling context traces back
		 * to the caller (analysis/calls.c) */
		r->cur_lane = no_lane;
		const opnd *o = k0 + i < r->nops ? &r->ops[k0 + i] : NULL;
		if (o && o->k == O_REG && o->reg != TC_NONE && r->rd.len == 1)
			r->cur_lane = (tc_lane_op){TC_LOP_COPY, 0, 0, {0, TC_NONE}, {0, 0}, TC_NONE};
		else if (o && o->k == O_IMM && o->known && r->rd.len == 0)
			r->cur_lane =
				(tc_lane_op){TC_LOP_COPY, TC_LOP_K0, 0, {TC_NONE, TC_NONE}, {o->off, 0}, TC_NONE};
		if (emit(r, TC_NONE, kind, src))
			return r->rc;
	}
	r->rd.len = 0;
	if (grow(r, &r->colls, &r->colls_cap, r->ncolls + 1, sizeof *r->colls))
		return r->rc;
	uint32_t clamp_reg = TC_NONE;
	if (row->whole >= 0 && k0 + (size_t)row->whole < r->nops &&
	    r->ops[k0 + (size_t)row->whole].k == O_REG)
		clamp_reg = r->ops[k0 + (size_t)row->whole].reg; /* full_masks */
	r->colls[r->ncolls] = (pcoll){row, first, mask_reg, checked, clamp_reg, 0, 0};
	return add_item(r, IT_COLL, TC_NONE, (uint32_t)r->ncolls++, pred, guard, loc);
}

/* One instruction: the opcode op (after an optional guard) and its operands. */
static int instruction(reader *r, tok op, uint32_t guard, tok first)
{
	ploc loc = here(r, &first);
	r->div_sreg = NULL;
	r->impure_sreg = false;
	r->tid_dims = 0;
	r->other_sreg = false;
	r->coll_row = NULL;
	r->cur_lane = no_lane;
	if (parse_operands(r))
		return r->rc;
	if (push(r, &r->pos_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	size_t blen = 0;
	while (blen < op.len && op.s[blen] != '.')
		blen++;
	const opinfo *oi = opcode(op.s, blen);
	if (!oi)
		return err(r, op.line, op.col, "unknown instruction '%.*s'", (int)(blen > 60 ? 60 : blen),
			   op.s);
	bool pred = guard != TC_NONE;
	if ((oi->flags & OPF_COLL) && (r->coll_row = collective_row(&op)) &&
	    coll_op(r, oi, r->coll_row, guard, pred, loc))
		return r->rc;
	/* a .uni branch taken at its word (docs/ptx.md, "bra.uni") */
	bool uni = (oi->code == OP_BRA || oi->code == OP_BRX) && has_mod(&op, blen, ".uni") &&
		   r->opt && (r->opt->flags & TC_READ_TRUST_BRA_UNI);
	int rc = TC_OK;
	if (oi->code == OP_BRA) {
		if (r->nops != 1 || r->ops[0].k != O_SYM)
			return err(r, op.line, op.col, "'bra' takes one label");
		if (add_ref(r, &r->refs, &r->nrefs, &r->refs_cap, &r->ops[0].at))
			return r->rc;
		rc = add_item(r, IT_BRA, pred && !uni ? guard : TC_NONE, (uint32_t)r->nrefs - 1, pred,
			      TC_NONE, loc);
	} else if (oi->code == OP_BRX) {
		if (r->nops != 2 || r->ops[1].k != O_SYM || r->ops[0].k != O_REG ||
		    r->ops[0].reg == TC_NONE)
			return err(r, op.line, op.col, "'brx.idx' takes an index register and a "
						       "'.branchtargets' label");
		uint32_t cond = uni ? TC_NONE : r->ops[0].reg;
		if (!uni && pred) { /* the guard and the index decide together */
			r->rd.len = 0;
			uint32_t c = new_reg(r);
			if (c == TC_NONE || push(r, &r->rd, guard) || reads_of(r, &r->ops[0]) ||
			    emit(r, c, TC_UA_PURE, TC_NONE))
				return r->rc;
			cond = c;
		}
		if (add_ref(r, &r->trefs, &r->ntrefs, &r->trefs_cap, &r->ops[1].at))
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
		return too_large(r);
	r->npos++;
	r->last_was_label = false;
	return r->rc;
}

/* ---- functions ------------------------------------------------------------ */

/* ( .param .u64 name, .reg .b32 %r, ... ): the names, with tag */
static int parse_params(reader *r, uint8_t tag)
{
	next(r); /* ( */
	while (!is_p(r, ')')) {
		bool reg = false;
		tok name = {0};
		while (r->t.kind == T_IDENT || is_p(r, '[') || is_p(r, ']') || r->t.kind == T_NUM ||
		       is_p(r, '<') || is_p(r, '>')) {
			if (is_word(&r->t, ".reg"))
				reg = true;
			if (r->t.kind == T_IDENT && r->t.s[0] != '.')
				name = r->t;
			next(r);
		}
		if (!name.s)
			return expected(r, "a parameter name");
		if (tag == P_RET) { /* a register the function's result is in */
			nslot *e = nmap_put(&r->al, &r->params, name.s, name.len);
			if (!e)
				return oom(r);
			e->tag = P_RET;
			/* a .param result: a register of its own, not named (its
			 * name stays the address st.param writes) */
			if (reg ? declare_reg(r, &name, 1, false) : (e->val = new_reg(r)) == TC_NONE)
				return r->rc;
			if (reg)
				e->val = reg_lookup(r, &name);
			if (push(r, &r->ret_regs, e->val))
				return r->rc;
		} else if (reg) {
			if (declare_reg(r, &name, 1, false) ||
			    push(r, &r->reg_params, reg_lookup(r, &name)) ||
			    push(r, &r->reg_param_index, r->nparams++))
				return r->rc;
		} else {
			nslot *e = nmap_put(&r->al, &r->params, name.s, name.len);
			if (!e)
				return oom(r);
			e->tag = tag;
			e->val = r->nparams++;
		}
		if (is_p(r, ','))
			next(r);
		else if (!is_p(r, ')'))
			return expected(r, "',' or ')'");
	}
	next(r);
	return r->rc;
}

static void start_function(reader *r)
{
	r->nregs = 0;
	nmap_clear(&r->regs);
	nmap_clear(&r->params);
	nmap_clear(&r->scoped);
	nmap_clear(&r->lsyms);
	nmap_clear(&r->labels);
	nmap_clear(&r->tables);
	r->nlab = r->nrefs = r->ntrefs = r->ntlabels = r->ndslots = 0;
	r->pos_rec.len = 0;
	r->npos = 0;
	r->depot_ok = true;
	r->dload.len = r->dstore.len = r->gload.len = r->gaddr.len = r->reg_params.len = 0;
	r->reg_param_index.len = r->ret_regs.len = 0;
	r->nparams = 0;
	r->last_was_label = false;
	r->have_loc = false;
	r->niloc = 0;
	if (++r->ilh_gen == 0) { /* wrapped: every slot is free again */
		if (r->ilh)
			memset(r->ilh, 0, r->ilh_cap * sizeof *r->ilh);
		r->ilh_gen = 1;
	}
	r->nshadows = 0;
	r->depth = 0;
	memset(r->pcache, 0, sizeof r->pcache);
}

static uint32_t find_label(reader *r, const char *s, uint32_t len)
{
	nslot *e = nmap_find(&r->labels, s, len, name_hash(s, len));
	return e ? e->val : TC_NONE;
}

/* The blocks of the function just read (docs/ptx.md, "Blocks"). */
static int form_blocks(reader *r)
{
	pfunc *f = r->f;
	uint32_t npos = r->npos;
	if (push(r, &r->pos_rec, (uint32_t)r->rec.def.len))
		return r->rc;
	/* labels that a branch or a table names */
	for (size_t k = 0; k < r->nrefs; k++) {
		uint32_t l = find_label(r, r->refs[k].s, r->refs[k].len);
		if (l == TC_NONE)
			return err(r, r->refs[k].line, r->refs[k].col, "label '%.*s' is not defined",
				   (int)(r->refs[k].len > 60 ? 60 : r->refs[k].len), r->refs[k].s);
		r->lab[l].targeted = true;
		r->refs[k].to = l;
	}
	for (size_t k = 0; k < r->ntrefs; k++) {
		lref *t = &r->trefs[k];
		nslot *e = nmap_find(&r->tables, t->s, t->len, name_hash(t->s, t->len));
		if (!e)
			return err(r, t->line, t->col, "'%.*s' is not a '.branchtargets' list",
				   (int)(t->len > 60 ? 60 : t->len), t->s);
		t->to = e->val;
		t->n = e->aux;
		for (uint32_t j = 0; j < e->aux; j++) {
			lref *x = &r->tlabels[e->val + j];
			uint32_t l = find_label(r, x->s, x->len);
			if (l == TC_NONE)
				return err(r, x->line, x->col, "label '%.*s' is not defined",
					   (int)(x->len > 60 ? 60 : x->len), x->s);
			r->lab[l].targeted = true;
			x->to = l;
		}
	}
	/* boundaries, in order of position */
	f->block0 = (uint32_t)r->nblocks;
	size_t it = f->item0, li = 0;
	uint32_t cur_start = 0; /* where the last block starts; UINT32_MAX: none open */
#define NEW_BLOCK(p)                                                                               \
	do {                                                                                       \
		if (grow(r, &r->blocks, &r->blocks_cap, r->nblocks + 1, sizeof *r->blocks))          \
			return r->rc;                                                              \
		r->blocks[r->nblocks++] = (pblock){NULL, 0, r->pos_rec.v[(p)], 0, (uint32_t)it, 0,  \
						   0, 0, TC_NONE, TC_NONE};                        \
		cur_start = (p);                                                                   \
	} while (0)
	NEW_BLOCK(0);
	for (;;) {
		uint32_t lp = li < r->nlab ? r->lab[li].pos : UINT32_MAX;
		uint32_t ip = it < r->nitems ? r->items[it].pos : UINT32_MAX;
		if (lp == UINT32_MAX && ip == UINT32_MAX)
			break;
		if (lp <= ip) { /* labels go before the instruction at their place */
			plabel *l = &r->lab[li++];
			if (!l->targeted)
				continue;
			/* a block that has nothing in it yet takes the label */
			if (cur_start != lp || r->blocks[r->nblocks - 1].label)
				NEW_BLOCK(lp);
			pblock *bk = &r->blocks[r->nblocks - 1];
			bk->label = l->s;
			bk->llen = l->len;
			l->block = (uint32_t)(r->nblocks - 1 - f->block0);
			continue;
		}
		item *x = &r->items[it++];
		if ((x->op == IT_BARRIER || x->op == IT_PARTIAL || x->op == IT_CALL ||
		     x->op == IT_COLL) &&
		    x->guard != TC_NONE) {
			/* only the threads whose guard holds: the block before it
			 * branches to it or around it */
			r->blocks[r->nblocks - 1].term = (uint32_t)it - 1;
			it--;
			NEW_BLOCK(ip);
			it++;
			NEW_BLOCK(ip + 1);
			continue;
		}
		if (x->op == IT_BRA && x->pred && it < r->nitems) {
			/* "@%p bra a; bra b;" ends one block with two ways, as
			 * LLVM writes a conditional branch, unless a branch goes
			 * to the second bra itself */
			item *y = &r->items[it];
			size_t l = li;
			while (l < r->nlab && r->lab[l].pos == ip + 1 && !r->lab[l].targeted)
				l++;
			bool entered = l < r->nlab && r->lab[l].pos == ip + 1;
			if (y->pos == ip + 1 && y->op == IT_BRA && !y->pred && !entered &&
			    r->pos_rec.v[ip + 1] == r->pos_rec.v[ip + 2]) {
				x->other = (uint32_t)it++;
				ip++;
			}
		}
		if (x->op == IT_BRA || x->op == IT_BRX || x->op == IT_RET || x->op == IT_TRAP) {
			r->blocks[r->nblocks - 1].term = (uint32_t)(x - r->items);
			if (ip + 1 < npos)
				NEW_BLOCK(ip + 1);
			else
				cur_start = UINT32_MAX; /* nothing after it */
		}
	}
#undef NEW_BLOCK
	f->block1 = (uint32_t)r->nblocks;
	/* record and item ranges, successors and conditions */
	for (uint32_t k = f->block0; k < f->block1; k++) {
		pblock *bk = &r->blocks[k];
		bk->rec1 = k + 1 < f->block1 ? r->blocks[k + 1].rec0 : (uint32_t)r->rec.def.len;
		bk->item1 = k + 1 < f->block1 ? r->blocks[k + 1].item0 : (uint32_t)r->nitems;
	}
	uint32_t nb = f->block1 - f->block0;
	for (uint32_t k = 0; k < nb; k++) {
		pblock *bk = &r->blocks[f->block0 + k];
		uint32_t exit = nb, fall = k + 1 < nb ? k + 1 : exit;
		bk->succ0 = (uint32_t)r->succ.len;
		if (bk->term == TC_NONE) {
			if (push(r, &r->succ, fall))
				return r->rc;
		} else {
			item *x = &r->items[bk->term];
			switch (x->op) {
			case IT_BRA:
				if (x->other != TC_NONE) /* the second bra's target */
					fall = r->lab[r->refs[r->items[x->other].target].to].block;
				if (push(r, &r->succ, r->lab[r->refs[x->target].to].block) ||
				    (x->pred && push(r, &r->succ, fall)))
					return r->rc;
				bk->cond = x->cond;
				break;
			case IT_BRX: {
				const lref *t = &r->trefs[x->target];
				for (uint32_t j = t->to; j < t->to + t->n; j++)
					if (push(r, &r->succ, r->lab[r->tlabels[j].to].block))
						return r->rc;
				if (x->pred && push(r, &r->succ, fall))
					return r->rc;
				bk->cond = x->cond;
				break;
			}
			case IT_RET:
				if (push(r, &r->succ, exit) || (x->pred && push(r, &r->succ, fall)))
					return r->rc;
				bk->cond = x->cond;
				break;
			case IT_TRAP:
				break;
			default: /* a guarded barrier or call: around it, or through */
				if (push(r, &r->succ, fall) ||
				    push(r, &r->succ, k + 2 < nb ? k + 2 : exit))
					return r->rc;
				bk->cond = x->guard;
				bk->nsucc = 2;
				continue;
			}
		}
		bk->nsucc = (uint32_t)r->succ.len - bk->succ0;
		/* a branch whose ways all lead to one block is a jump */
		bool one_way = true;
		for (uint32_t x = 1; x < bk->nsucc; x++)
			one_way &= r->succ.v[bk->succ0 + x] == r->succ.v[bk->succ0];
		if (one_way && bk->nsucc > 1) {
			r->succ.len = bk->succ0 + 1;
			bk->nsucc = 1;
			bk->cond = TC_NONE;
		}
	}
	return TC_OK;
}

/* Loads through generic addresses that may point into local memory:
 * thread-dependent. A register may hold such an address when some write
 * of it is based on the depot, a .local name, a loaded value, a call's
 * result or a parameter of a function (flow-insensitive: any write). */
static int generic_loads(reader *r)
{
	pfunc *f = r->f;
	if (!r->gload.len)
		return TC_OK;
	uint32_t nr = r->nregs;
	uint8_t *may = tc__calloc(&r->al, (size_t)nr + 1, 1);
	uint32_t *off = tc__calloc(&r->al, (size_t)nr + 2, sizeof *off);
	uint32_t *stack = tc__malloc(&r->al, ((size_t)nr + 1) * sizeof *stack);
	uint32_t *by = NULL;
	int rc = may && off && stack ? TC_OK : TC_ENOMEM;
	size_t total = 0;
	uint32_t top = 0;
	const uint32_t *opoff = r->rec.opoff.v, *ops = r->rec.op.v;
	if (!rc) {
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t end = op_end(r, i);
			for (uint32_t k = opoff[i]; k < end; k++)
				off[ops[k] + 2]++;
			total += end - opoff[i];
		}
		by = tc__malloc(&r->al, (total + 1) * sizeof *by);
		rc = by ? TC_OK : TC_ENOMEM;
	}
	if (!rc) {
		for (uint32_t v = 0; v < nr; v++)
			off[v + 2] += off[v + 1];
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t end = op_end(r, i);
			for (uint32_t k = opoff[i]; k < end; k++)
				by[off[ops[k] + 1]++] = i;
		}
		/* seeds: the depot's address, and what is not known to point
		 * into shared, global or constant memory */
		for (uint32_t v = 0; v < nr; v++)
			if (r->dbase[v] && !may[v]) {
				may[v] = 1;
				stack[top++] = v;
			}
		for (uint32_t i = f->rec0; i < f->rec1; i++) {
			uint32_t d = r->rec.def.v[i];
			uint8_t kd = r->rec.kind[i];
			if (d != TC_NONE && !may[d] && !(kd & K_ARGUMENT) &&
			    ((kd & K_LOCAL) ||
			     (!(kd & K_SREG) && ((kd & TC_UA_SOURCE) || !(kd & TC_UA_PURE))))) {
				may[d] = 1;
				stack[top++] = d;
			}
		}
		while (top > 0) {
			uint32_t v = stack[--top];
			for (uint32_t k = off[v]; k < off[v + 1]; k++) {
				uint32_t d = r->rec.def.v[by[k]];
				if (d != TC_NONE && !may[d]) {
					may[d] = 1;
					stack[top++] = d;
				}
			}
		}
		for (size_t k = 0; k < r->gload.len; k++) {
			uint32_t a = r->gaddr.v[k];
			if (a == TC_NONE || may[a])
				r->rec.kind[r->gload.v[k]] |= TC_UA_SOURCE;
		}
	}
	tc__free(&r->al, may);
	tc__free(&r->al, off);
	tc__free(&r->al, stack);
	tc__free(&r->al, by);
	return rc ? oom(r) : TC_OK;
}

/* The depot is read as memory after all: its loads are thread-dependent,
 * its stores write no register. */
static void depot_as_memory(reader *r)
{
	for (size_t k = 0; k < r->dstore.len; k++) {
		r->rec.def.v[r->dstore.v[k]] = TC_NONE;
		if (r->want_lanes)
			r->lane[r->dstore.v[k]] = no_lane;
	}
	for (size_t k = 0; k < r->dload.len; k++) {
		uint32_t i = r->dload.v[k], d = r->rec.def.v[i];
		r->rec.kind[i] = TC_UA_SOURCE;
		if (r->want_lanes)
			r->lane[i] = no_lane;
		/* it reads no slot: its own old value, which adds no dependence */
		uint32_t end = op_end(r, i);
		for (uint32_t x = r->rec.opoff.v[i]; x < end; x++)
			r->rec.op.v[x] = d;
	}
}

/* Whether the one write of register m in the function is an unguarded mov
 * of the immediate k (writes, last: full_masks's). */
static bool reg_constant(const reader *r, uint32_t m, const uint8_t *writes, const uint32_t *last,
			 int64_t k)
{
	if (m >= r->nregs || writes[m] != 1)
		return false;
	const tc_lane_op *o = &r->lane[last[m]];
	return o->op == TC_LOP_COPY && (o->flags & TC_LOP_K0) && o->a[0] == TC_NONE && o->k[0] == k;
}

/*
 * Masks in registers that hold the full mask: the register's one write in
 * the function is an unguarded mov of the immediate -1 (the NVPTX back end
 * writes redux.sync's mask so, nvcc every mask). Then the collective is
 * checked as with the immediate. A shuffle from one lane is a broadcast
 * (lane_collective) only with the full mask and a clamp that is so written
 * too.
 */
static int full_masks(reader *r)
{
	const pfunc *f = r->f;
	bool any = false;
	for (size_t x = f->item0; x < r->nitems && !any; x++)
		any = r->items[x].op == IT_COLL &&
		      (r->colls[r->items[x].target].mask_reg != TC_NONE ||
		       r->colls[r->items[x].target].clamp_reg != TC_NONE);
	if (!any || !r->want_lanes)
		return TC_OK;
	/* per register: its writes (up to 2), and the last */
	uint32_t *last = tc__malloc(&r->al, ((size_t)r->nregs + 1) * sizeof *last);
	uint8_t *writes = tc__calloc(&r->al, (size_t)r->nregs + 1, 1);
	if (!last || !writes) {
		tc__free(&r->al, last);
		tc__free(&r->al, writes);
		return oom(r);
	}
	for (uint32_t i = f->rec0; i < r->rec.def.len; i++) {
		uint32_t d = r->rec.def.v[i];
		if (d != TC_NONE && d < r->nregs && writes[d] < 2) {
			writes[d]++;
			last[d] = i;
		}
	}
	for (size_t x = f->item0; x < r->nitems; x++) {
		if (r->items[x].op != IT_COLL)
			continue;
		pcoll *c = &r->colls[r->items[x].target];
		if (c->mask_reg != TC_NONE)
			c->checked = reg_constant(r, c->mask_reg, writes, last, -1);
		if (c->row->result == TC_LOP_BROADCAST &&
		    (!c->checked || (c->clamp_reg != TC_NONE &&
				     !reg_constant(r, c->clamp_reg, writes, last, c->row->whole_value))))
			for (uint32_t k = c->res0; k < c->res1 && k < r->rec.def.len; k++)
				r->lane[k] = no_lane;
	}
	tc__free(&r->al, last);
	tc__free(&r->al, writes);
	return TC_OK;
}

static int end_function(reader *r)
{
	pfunc *f = r->f;
	f->rec1 = (uint32_t)r->rec.def.len;
	f->item1 = (uint32_t)r->nitems;
	f->pv1 = (uint32_t)r->pv_rec.len;
	f->ret1 = (uint32_t)r->ret_rec.len;
	f->call1 = (uint32_t)r->ncalls;
	f->nregs = r->nregs;
	/* overlapping depot slots of different offsets */
	for (size_t a = 0; a < r->ndslots && r->depot_ok; a++)
		for (size_t b = a + 1; b < r->ndslots; b++) {
			const dslot *x = &r->dslots[a], *y = &r->dslots[b];
			if (x->off < y->off + (int64_t)y->size && y->off < x->off + (int64_t)x->size)
				r->depot_ok = false;
		}
	if (!r->depot_ok)
		depot_as_memory(r);
	if (generic_loads(r) || full_masks(r))
		return r->rc;
	for (uint32_t i = f->rec0; i < f->rec1; i++)
		r->rec.kind[i] &= (uint8_t)~(K_ARGUMENT | K_SREG | K_LOCAL);
	return form_blocks(r);
}

/* the label just defined names a .branchtargets list */
static int parse_targets(reader *r)
{
	tok d = r->t;
	if (!r->last_was_label)
		return err(r, d.line, d.col, "'.branchtargets' must follow a label");
	plabel *l = &r->lab[r->last_label];
	nslot *e = nmap_put(&r->al, &r->tables, l->s, l->len);
	if (!e)
		return oom(r);
	e->tag = 1;
	e->val = (uint32_t)r->ntlabels;
	next(r);
	for (;;) {
		if (r->t.kind != T_IDENT)
			return expected(r, "a label");
		if (add_ref(r, &r->tlabels, &r->ntlabels, &r->tlabels_cap, &r->t))
			return r->rc;
		next(r);
		if (!is_p(r, ','))
			break;
		next(r);
	}
	e = nmap_find(&r->tables, l->s, l->len, name_hash(l->s, l->len));
	e->aux = (uint32_t)r->ntlabels - e->val;
	r->last_was_label = false;
	return semicolon(r);
}

static int define_label(reader *r, const tok *name)
{
	nslot *e = nmap_put(&r->al, &r->labels, name->s, name->len);
	if (!e)
		return oom(r);
	if (e->tag != 0xff)
		return err(r, name->line, name->col, "label " TOKF " is defined twice (first on line %u)",
			   TOKA(*name), e->aux);
	if (grow(r, &r->lab, &r->lab_cap, r->nlab + 1, sizeof *r->lab))
		return r->rc;
	e->tag = 1;
	e->val = (uint32_t)r->nlab;
	e->aux = name->line;
	r->lab[r->nlab] = (plabel){name->s, name->len, r->npos, false, TC_NONE};
	if (r->want_dwarf) { /* for .debug_info's labels of code */
		nslot *g = nmap_put(&r->al, &r->all_labels, name->s, name->len);
		if (!g)
			return oom(r);
		g->tag = g->tag == 0xff ? 1 : 2;
		g->val = r->fidx;
		g->aux = r->npos;
	}
	r->last_label = (uint32_t)r->nlab++;
	r->last_was_label = true;
	return TC_OK;
}

static int body(reader *r, tok open)
{
	uint32_t depth = r->depth = 1;
	next(r);
	/* parameters passed in registers: unknown values */
	r->cur_lane = no_lane;
	for (size_t k = 0; k < r->reg_params.len; k++) {
		r->rd.len = 0;
		if (!r->f->entry && (push(r, &r->pv_rec, (uint32_t)r->rec.def.len) ||
				     push(r, &r->pv_index, r->reg_param_index.v[k])))
			return r->rc;
		if (emit(r, r->reg_params.v[k], TC_UA_SOURCE, TC_NONE))
			return r->rc;
	}
	if (r->reg_params.len) {
		if (push(r, &r->pos_rec, r->f->rec0))
			return r->rc;
		r->npos++;
	}
	while (!r->rc) {
		tok t = r->t;
		if (t.kind == T_END)
			return err(r, open.line, open.col, "'{' of function '%.*s' has no matching '}'",
				   (int)(r->f->nlen > 60 ? 60 : r->f->nlen), r->f->name);
		if (is_p(r, '{')) {
			if (depth > MAX_DEPTH)
				return err(r, t.line, t.col,
					   "more than %d '{ }' scopes nested in a function body", MAX_DEPTH);
			r->depth = ++depth;
			next(r);
			continue;
		}
		if (is_p(r, '}')) {
			next(r);
			end_scope(r, depth);
			r->depth = --depth;
			if (depth == 0)
				return end_function(r);
			continue;
		}
		if (is_p(r, ';')) {
			next(r);
			continue;
		}
		if (is_p(r, '@')) {
			next(r);
			if (is_p(r, '!'))
				next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] == '.' ||
			    (r->t.s[0] == '%' && r->t.len < 2))
				return expected(r, "a predicate register after '@'");
			uint32_t g = reg_lookup(r, &r->t);
			if (g == TC_NONE)
				return err(r, r->t.line, r->t.col, "register " TOKF " is not declared",
					   TOKA(r->t));
			next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] == '.')
				return expected(r, "an instruction after the guard");
			tok op = r->t;
			next(r);
			if (instruction(r, op, g, t))
				return r->rc;
			continue;
		}
		if (t.kind != T_IDENT)
			return expected(r, "an instruction");
		if (t.s[0] == '.') {
			if (is_word(&t, ".reg")) {
				if (parse_reg_decl(r))
					return r->rc;
			} else if (is_word(&t, ".loc")) {
				if (parse_loc(r))
					return r->rc;
			} else if (is_word(&t, ".pragma")) {
				next(r);
				if (r->t.kind != T_STR)
					return expected(r, "a string");
				next(r);
				while (is_p(r, ',')) {
					next(r);
					next(r);
				}
				if (semicolon(r))
					return r->rc;
			} else if (is_word(&t, ".local")) {
				if (skip_decl(r, &r->lsyms))
					return r->rc;
			} else if (is_word(&t, ".param")) {
				/* a parameter of a call: a slot */
				next(r);
				while (r->t.kind == T_IDENT && r->t.s[0] == '.') { /* .align 4 .b8 */
					bool align = is_word(&r->t, ".align");
					next(r);
					if (align && r->t.kind == T_NUM)
						next(r);
				}
				if (is_p(r, ';')) { /* nothing declared */
					next(r);
					continue;
				}
				if (r->t.kind != T_IDENT)
					return expected(r, "a parameter name");
				tok name = r->t;
				next(r);
				while (!is_p(r, ';') && r->t.kind != T_END) /* [8] */
					next(r);
				nslot *e = nmap_put(&r->al, &r->scoped, name.s, name.len);
				if (!e)
					return oom(r);
				if (e->tag == 0xff) {
					e->tag = 1;
					e->val = new_reg(r);
					e->aux = 0;
				}
				if (semicolon(r))
					return r->rc;
			} else if (is_word(&t, ".shared") || is_word(&t, ".global") ||
				   is_word(&t, ".const") || is_word(&t, ".tex") ||
				   is_word(&t, ".calltargets") || is_word(&t, ".callprototype") ||
				   is_word(&t, ".maxnreg")) {
				if (skip_decl(r, NULL))
					return r->rc;
			} else if (is_word(&t, ".branchtargets")) {
				if (parse_targets(r))
					return r->rc;
			} else {
				return err(r, t.line, t.col, "unknown directive " TOKF " in a function body",
					   TOKA(t));
			}
			r->last_was_label = r->last_was_label && is_word(&t, ".loc");
			continue;
		}
		next(r);
		if (is_p(r, ':')) {
			if (t.s[0] == '%')
				return err(r, t.line, t.col, "a label that begins with '%%' is not "
							     "supported (rename it)");
			next(r);
			if (define_label(r, &t))
				return r->rc;
			continue;
		}
		if (instruction(r, t, TC_NONE, t))
			return r->rc;
	}
	return r->rc;
}

static int function(reader *r)
{
	bool entry = is_word(&r->t, ".entry");
	next(r);
	start_function(r);
	if (!entry && is_p(r, '(') && parse_params(r, P_RET))
		return r->rc;
	if (r->t.kind != T_IDENT || r->t.s[0] == '.' || r->t.s[0] == '%')
		return expected(r, "a function name");
	tok name = r->t;
	next(r);
	if (is_p(r, '(') && parse_params(r, entry ? P_KERNEL : P_FUNC))
		return r->rc;
	/* performance directives: .maxntid 256, 1, 1 / .reqntid / .noreturn ...;
	 * .reqntid's size is the block's, for the warp's view */
	uint32_t reqntid[3] = {0, 0, 0};
	while (r->t.kind == T_IDENT && r->t.s[0] == '.') {
		if (is_word(&r->t, ".pragma")) {
			next(r);
			if (r->t.kind != T_STR)
				return expected(r, "a string");
			next(r);
			if (semicolon(r))
				return r->rc;
			continue;
		}
		static const char *const perf[] = {".maxntid", ".reqntid", ".minnctapersm",
						   ".maxnctapersm", ".maxnreg", ".noreturn",
						   ".explicitcluster", ".reqnctapercluster",
						   ".maxclusterrank", ".blocksareclusters"};
		bool known = false;
		for (size_t i = 0; i < sizeof perf / sizeof *perf; i++)
			known |= is_word(&r->t, perf[i]);
		if (!known)
			return err(r, r->t.line, r->t.col, "unknown directive " TOKF " after a function's "
							   "parameters", TOKA(r->t));
		bool req = is_word(&r->t, ".reqntid");
		next(r);
		int64_t v;
		for (int d = 0; r->t.kind == T_NUM || is_p(r, ','); next(r))
			if (req && r->t.kind == T_NUM && d < 3)
				reqntid[d++] = int_value(&r->t, &v) && v > 0 && v < 65536 ? (uint32_t)v : 0;
		for (int d = 1; req && d < 3; d++)
			reqntid[d] = !reqntid[0] ? 0 : reqntid[d] ? reqntid[d] : 1;
	}
	nslot *e = nmap_put(&r->al, &r->fnames, name.s, name.len);
	if (!e)
		return oom(r);
	if (is_p(r, ';')) { /* a declaration */
		next(r);
		if (e->tag == 0xff) {
			e->tag = 1;
			e->val = TC_NONE; /* no body (yet) */
		}
		return r->rc;
	}
	if (!is_p(r, '{'))
		return expected(r, "'{' or ';' after the function's declaration");
	if (e->tag != 0xff && e->val != TC_NONE)
		return err(r, name.line, name.col, "function " TOKF " is defined twice", TOKA(name));
	if (grow(r, &r->fn, &r->fn_cap, r->nfn + 1, sizeof *r->fn))
		return r->rc;
	e->tag = 1;
	e->val = (uint32_t)r->nfn;
	r->fidx = (uint32_t)r->nfn;
	r->f = &r->fn[r->nfn++];
	*r->f = (pfunc){.name = name.s,
			.nlen = name.len,
			.entry = entry,
			.rec0 = (uint32_t)r->rec.def.len,
			.item0 = (uint32_t)r->nitems};
	if (entry)
		memcpy(r->f->reqntid, reqntid, sizeof reqntid);
	r->f->nparams = r->nparams;
	r->f->pv0 = r->f->pv1 = (uint32_t)r->pv_rec.len;
	r->f->ret0 = r->f->ret1 = (uint32_t)r->ret_rec.len;
	r->f->call0 = r->f->call1 = (uint32_t)r->ncalls;
	return body(r, r->t);
}

/* the whole file */
static int read_file(reader *r)
{
	next(r);
	bool any = false;
	while (r->t.kind != T_END && !r->rc) {
		tok t = r->t;
		if (is_p(r, '}'))
			return err(r, t.line, t.col, "'}' without a matching '{'");
		if (!any && !is_word(&t, ".version") && t.kind == T_IDENT && t.s[0] == '.')
			return err(r, t.line, t.col, "expected '.version' first, found " TOKF
						     " (every PTX file begins with its version)",
				   TOKA(t));
		if (t.kind != T_IDENT || t.s[0] != '.') {
			if (t.kind == T_IDENT)
				return err(r, t.line, t.col, "expected a directive, found " TOKF
							     " (instructions belong in a function body)",
					   TOKA(t));
			return expected(r, "a directive");
		}
		any = true;
		if (is_word(&t, ".version") || is_word(&t, ".address_size")) {
			next(r);
			if (r->t.kind != T_NUM)
				return expected(r, "a number");
			next(r);
		} else if (is_word(&t, ".target")) {
			next(r);
			for (;;) {
				if (r->t.kind != T_IDENT || r->t.s[0] == '.')
					return expected(r, "a target");
				next(r);
				if (!is_p(r, ','))
					break;
				next(r);
			}
		} else if (is_word(&t, ".file")) {
			parse_file(r);
		} else if (is_word(&t, ".loc")) {
			parse_loc(r);
		} else if (is_word(&t, ".section")) {
			next(r);
			if (r->t.kind != T_IDENT)
				return expected(r, "a section name");
			bool strings = is_word(&r->t, ".debug_str");
			struct dsec *d = !r->want_dwarf			     ? NULL
					 : is_word(&r->t, ".debug_info")   ? &r->dinfo
					 : is_word(&r->t, ".debug_abbrev") ? &r->dabbrev
									   : NULL;
			next(r);
			if (!is_p(r, '{'))
				return expected(r, "'{'");
			if (strings)
				parse_debug_str(r);
			else if (d && !d->n)
				parse_dwarf_section(r, d);
			else
				skip_group(r);
		} else if (is_word(&t, ".visible") || is_word(&t, ".extern") || is_word(&t, ".weak") ||
			   is_word(&t, ".common")) {
			next(r);
			if (r->t.kind != T_IDENT || r->t.s[0] != '.')
				return expected(r, "a declaration after the linkage");
		} else if (is_word(&t, ".entry") || is_word(&t, ".func")) {
			function(r);
		} else if (is_word(&t, ".local")) {
			skip_decl(r, &r->gsyms);
		} else if (is_word(&t, ".global") || is_word(&t, ".shared") || is_word(&t, ".const") ||
			   is_word(&t, ".tex") || is_word(&t, ".texref") || is_word(&t, ".surfref") ||
			   is_word(&t, ".samplerref") || is_word(&t, ".alias")) {
			skip_decl(r, NULL);
		} else if (is_word(&t, ".pragma")) {
			next(r);
			if (r->t.kind != T_STR)
				return expected(r, "a string");
			next(r);
			semicolon(r);
		} else {
			return err(r, t.line, t.col, "unknown directive " TOKF, TOKA(t));
		}
	}
	if (r->rc)
		return r->rc;
	if (!any)
		return err(r, 1, 1, "empty input: no PTX directive");
	/* every file index a .loc names is declared */
	for (uint32_t i = 0; i < r->nfiles; i++)
		if (r->files[i].loc_line && !r->files[i].path)
			return err(r, r->files[i].loc_line, r->files[i].loc_col,
				   "file index %u is not declared by a '.file' directive", i);
	return TC_OK;
}

/* ---- graphs ----------------------------------------------------------- */

/* ---- .debug_info's inlined calls (nvcc -G) -------------------------------- */

/* The function and instruction of a label of code, false when not known
 * (in several functions, not defined, an offset from it). */
static bool code_label(reader *r, const tc_dw_label *l, uint32_t *fn, uint32_t *pos)
{
	const nslot *e = l->add ? NULL : nmap_find(&r->all_labels, l->s, l->len, name_hash(l->s, l->len));
	if (!e || e->tag != 1)
		return false;
	*fn = e->val;
	*pos = e->aux;
	return true;
}

typedef struct dwkey {
	uint32_t fn, lo, hi, k;
} dwkey;

static int cmp_dwkey(const void *x, const void *y)
{
	const dwkey *a = x, *b = y;
	if (a->fn != b->fn)
		return a->fn < b->fn ? -1 : 1;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if (a->hi != b->hi)
		return a->hi > b->hi ? -1 : 1; /* the outer one first */
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * The inlined calls of .debug_info (dwarf.h), once the whole file is
 * read: each with its function's instructions, found by its labels, in
 * r->dw_order. A call whose labels, file or enclosing call are not found
 * is left out.
 */
static int dwarf_calls(reader *r)
{
	if (!r->dinfo.n || !r->dabbrev.n)
		return TC_OK;
	/* .debug_str's labels (DW_FORM_strp) as the offsets they stand for */
	for (size_t k = 0; k < r->dinfo.nlab; k++) {
		tc_dw_label *l = &r->dinfo.lab[k];
		const nslot *e = nmap_find(&r->dstr_labels, l->s, l->len, name_hash(l->s, l->len));
		if (!e)
			continue;
		uint64_t v = (uint64_t)e->val + (uint64_t)l->add;
		for (unsigned b = 0; b < l->width; b++)
			r->dinfo.b[l->off + b] = (unsigned char)(v >> (8 * b));
		l->width = 0; /* a number now */
	}
	tc_dw_section ab = {r->dabbrev.b, r->dabbrev.n, r->dabbrev.lab, r->dabbrev.nlab};
	tc_dw_section in = {r->dinfo.b, r->dinfo.n, r->dinfo.lab, r->dinfo.nlab};
	tc_dw_section st = {r->dstr, r->ndstr, NULL, 0};
	if (tc__dwarf_inlined(&ab, &in, &st, &r->al, &r->dw, &r->ndw))
		return oom(r);
	if (!r->ndw)
		return TC_OK;
	r->dwc = tc__calloc(&r->al, r->ndw, sizeof *r->dwc);
	r->dw_order = tc__calloc(&r->al, r->ndw, sizeof *r->dw_order);
	dwkey *key = tc__calloc(&r->al, r->ndw, sizeof *key);
	if (!r->dwc || !r->dw_order || !key) {
		tc__free(&r->al, key);
		return oom(r);
	}
	size_t n = 0;
	for (size_t k = 0; k < r->ndw; k++) {
		const tc_dw_inlined *d = &r->dw[k];
		struct dwcode *c = &r->dwc[k];
		uint32_t fn2 = TC_NONE;
		c->fn = TC_NONE;
		if (!code_label(r, d->lo, &c->fn, &c->lo) || !code_label(r, d->hi, &fn2, &c->hi) ||
		    fn2 != c->fn || c->lo > c->hi || d->file >= r->nfiles || !r->files[d->file].path ||
		    (d->parent != TC_NONE && (d->parent >= k || r->dwc[d->parent].fn != c->fn))) {
			c->fn = TC_NONE;
			continue;
		}
		key[n++] = (dwkey){c->fn, c->lo, c->hi, (uint32_t)k};
	}
	qsort(key, n, sizeof *key, cmp_dwkey);
	for (size_t i = 0; i < n; i++)
		r->dw_order[i] = key[i].k;
	r->ndw_order = n;
	tc__free(&r->al, key);
	return TC_OK;
}

/* The innermost inlined call whose code holds instruction pos of function
 * fn, or TC_NONE: the last to begin at or before it, or one that holds
 * that. */
static uint32_t dw_innermost(const reader *r, uint32_t fn, uint32_t pos)
{
	size_t lo = 0, hi = r->ndw_order;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct dwcode *c = &r->dwc[r->dw_order[mid]];
		if (c->fn < fn || (c->fn == fn && c->lo <= pos))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return TC_NONE;
	uint32_t k = r->dw_order[lo - 1];
	if (r->dwc[k].fn != fn)
		return TC_NONE;
	for (int hops = 0; k != TC_NONE && hops < ILOC_DEPTH * 4; hops++) {
		if (r->dwc[k].lo <= pos && pos < r->dwc[k].hi)
			return k;
		k = r->dw[k].parent;
	}
	return TC_NONE;
}

/* The position of call k of r->dw, for l's instruction. */
static ploc dw_call(const reader *r, uint32_t k, ploc l)
{
	l.file = r->dw[k].file + 1;
	l.line = r->dw[k].line;
	l.col = r->dw[k].col;
	return l;
}

/*
 * Where l is shown, for code that .debug_info says is inlined: nvcc -G
 * inlines __forceinline__ functions (cooperative groups', the toolkit's)
 * with no inlined_at on their .loc lines. As for .loc chains (parse_loc),
 * the first position in the outermost call's file, going outwards from
 * l along the inlined calls that hold its instruction; *named, when given,
 * the call whose function the note names (TC_NONE: none) and *inner the
 * position one step in.
 */
static ploc dwarf_loc(const reader *r, ploc l, uint32_t *named, ploc *inner)
{
	if (named)
		*named = TC_NONE;
	if (!r->ndw_order || l.inl || !l.line || !l.file)
		return l;
	uint32_t chain[ILOC_DEPTH], n = 0;
	for (uint32_t k = dw_innermost(r, l.fn, l.pos); k != TC_NONE && n < ILOC_DEPTH;
	     k = r->dw[k].parent)
		chain[n++] = k;
	if (n == 0)
		return l;
	uint32_t outer = r->dw[chain[n - 1]].file + 1;
	if (l.file == outer)
		return l; /* a helper of the function's own file: its own line */
	uint32_t s = 1; /* the first in the outer file: chain[s - 1]'s call */
	while (s < n && r->dw[chain[s - 1]].file + 1 != outer)
		s++;
	if (named) {
		*named = chain[s - 1];
		*inner = s == 1 ? l : dw_call(r, chain[s - 2], l);
	}
	return dw_call(r, chain[s - 1], l);
}

/* A position for the graph: the .file path, or the input itself; l as it
 * is, not moved to where its helper was inlined (kept_loc). */
static tc_loc raw_loc(reader *r, ploc l)
{
	if (!l.line)
		return (tc_loc){NULL, 0, 0};
	const char *f = l.file ? r->files[l.file - 1].path : r->file;
	size_t n = l.file ? r->files[l.file - 1].len : strlen(r->file);
	const char *kept = tc__module_string(r->out, f, n);
	if (!kept) {
		oom(r);
		return (tc_loc){NULL, 0, 0};
	}
	return (tc_loc){kept, l.line, l.col};
}

/* A position for the graph, where it is shown (dwarf_loc). */
static tc_loc kept_loc(reader *r, ploc l)
{
	return raw_loc(r, dwarf_loc(r, l, NULL, NULL));
}

/* The helper a position shown at its call was inlined from (l.inl, or
 * .debug_info's inlined calls): its name, from .debug_str or .debug_info
 * (a C++ name demangled, without its parameters), and the position in it;
 * nothing when its name is not known. */
static int inlined_of(reader *r, ploc l, tc_inlined *out)
{
	char plain[512];
	size_t n;
	if (!l.inl) {
		uint32_t k;
		ploc inner;
		dwarf_loc(r, l, &k, &inner);
		if (k == TC_NONE || !r->dw[k].name || !r->dw[k].nlen)
			return TC_OK;
		n = tc__plain_name(plain, sizeof plain, r->dw[k].name, r->dw[k].nlen);
		out->function = n ? tc__module_string(r->out, plain, n) : NULL;
		if (n && !out->function)
			return oom(r);
		out->loc = raw_loc(r, inner);
		if (r->rc)
			out->function = NULL;
		return r->rc;
	}
	const pinl *in = &r->inl[l.inl - 1];
	const nslot *e = in->name.label ? nmap_find(&r->dstr_labels, in->name.label, in->name.len,
						    name_hash(in->name.label, in->name.len))
					: NULL;
	uint64_t at = e ? (uint64_t)e->val + in->name.off : UINT64_MAX;
	if (at >= r->ndstr)
		return TC_OK;
	const char *s = (const char *)r->dstr + at;
	size_t left = r->ndstr - (size_t)at;
	n = strnlen(s, left);
	if (n == 0 || n == left)
		return TC_OK; /* empty, or not ended in the section */
	n = tc__plain_name(plain, sizeof plain, s, n);
	out->function = n ? tc__module_string(r->out, plain, n) : NULL;
	if (n && !out->function)
		return oom(r);
	out->loc = raw_loc(r, in->inner);
	if (r->rc)
		out->function = NULL;
	return r->rc;
}

static bool barrier_item(const reader *r, const item *x)
{
	return x->op == IT_BARRIER || x->op == IT_PARTIAL ||
	       (x->op == IT_CALL && r->calls[x->target].barrier);
}

/* ---- the graph's callbacks (graph/blocks.h) --------------------------------- */

static const char *block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	if (bk->label) {
		*len = bk->llen;
		return bk->label;
	}
	*len = (size_t)snprintf(r->bname, sizeof r->bname, "%%bb.%u", k);
	return r->bname;
}

static int block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			 tc_inlined *inl)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	uint32_t x = j == 0 ? bk->item0 : r->gcursor + 1;
	while (x < bk->item1 && !barrier_item(r, &r->items[x]))
		x++;
	r->gcursor = x;
	*flags = TC_NODE_BARRIER;
	*loc = (tc_loc){NULL, 0, 0};
	if (x >= bk->item1)
		return TC_OK;
	if (r->items[x].op == IT_PARTIAL)
		*flags = TC_NODE_PARTIAL_BARRIER;
	*loc = kept_loc(r, r->items[x].loc);
	return r->rc ? r->rc : inlined_of(r, r->items[x].loc, inl);
}

static int block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	if (bk->term != TC_NONE)
		*loc = kept_loc(r, r->items[bk->term].loc);
	return r->rc;
}

/* The thread-dependent special register record v of the function reads
 * (tc_fn_read.source). */
static int value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	const pfunc *f = r->gf;
	if (v < f->rec1 - f->rec0 && r->rec.src.v[f->rec0 + v] != TC_NONE) {
		const psource *ps = &r->srcs[r->rec.src.v[f->rec0 + v]];
		*what = ps->what;
		*loc = kept_loc(r, ps->loc);
	}
	return r->rc;
}

/* ---- collectives (docs/ptx.md, "Collectives") ------------------------------- */

static int note_collective(reader *r, uint32_t x, const tc_gpu_collective *row, uint32_t k,
			   uint32_t seg, unsigned grp, bool checked)
{
	if (grow(r, &r->found, &r->found_cap, r->nfound + 1, sizeof *r->found))
		return r->rc;
	r->found[r->nfound++] = (gcoll){x, row, k, seg, (uint8_t)grp, checked};
	return TC_OK;
}

/* The collectives of f, in node order: its collective instructions, and its
 * calls of functions that execute some; *any_warp: one is a warp's. */
static int find_collectives(reader *r, const pfunc *f, bool *any_warp)
{
	r->nfound = 0;
	*any_warp = false;
	for (uint32_t k = f->block0; k < f->block1; k++) {
		const pblock *bk = &r->blocks[k];
		uint32_t seg = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++) {
			const item *it = &r->items[x];
			if (it->op == IT_COLL) {
				const pcoll *c = &r->colls[it->target];
				if (note_collective(r, x, c->row, k - f->block0, seg, c->row->group,
						    c->checked))
					return r->rc;
				*any_warp |= c->row->group != TC_GROUP_BLOCK;
			} else if (it->op == IT_CALL) {
				unsigned groups = r->calls[it->target].reach;
				for (unsigned grp = 0; grp < 3; grp++) {
					if (!((groups >> grp) & 1))
						continue;
					if (note_collective(r, x, NULL, k - f->block0, seg, grp, true))
						return r->rc;
					*any_warp |= grp != TC_GROUP_BLOCK;
				}
			}
			seg += barrier_item(r, it);
		}
	}
	return TC_OK;
}

/* The tests of a collective's arguments that must agree in its group
 * (tc_arg_test): the records coll_op made for them. */
static int arg_tests(reader *r, const pfunc *f, const gcoll *fc)
{
	const tc_gpu_collective *row = fc->row;
	if (!row || !row->agree)
		return TC_OK;
	uint32_t rec = r->colls[r->items[fc->item].target].arg_rec;
	for (unsigned i = 0; i < 8 && rec != TC_NONE; i++) {
		if (!((row->agree >> i) & 1))
			continue;
		char buf[64];
		const char *an = tc__gpu_collective_arg(row, i, buf, sizeof buf);
		const char *name = tc__module_string(r->out, an, strlen(an));
		if (!name || tc__arg_tests_add(&r->al, &r->tests, rec++ - f->rec0, false, i,
					       row->mask == (int)i, name))
			return oom(r);
	}
	return TC_OK;
}

/* A collective's name: the instruction's opcode, or the called function's
 * (a mangled name's own). */
static const char *collective_name(reader *r, const gcoll *fc)
{
	char buf[128];
	const pcall *call = fc->row ? NULL : &r->calls[r->items[fc->item].target];
	tc_gpu_collective plain = {0};
	const char *name = tc__gpu_collective_name(fc->row ? fc->row : &plain,
						   call ? call->name : NULL, call ? call->len : 0,
						   buf, sizeof buf);
	return tc__module_string(r->out, name, strlen(name));
}

/* The collectives of f's graph, just added (block k's branch ends node
 * last[k], after its nbar[k] barriers), for in, with the tests of their
 * arguments. */
static int make_collectives(reader *r, const pfunc *f, const uint32_t *last,
			    const uint32_t *nbar, tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound) ? oom(r)
										    : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const gcoll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		*c = tc__gpu_collective_entry(fc->group, !fc->row, fc->row && fc->row->barrier,
					      fc->row && fc->row->mask >= 0, fc->checked,
					      last[fc->block] - nbar[fc->block] + fc->seg);
		c->loc = kept_loc(r, r->items[fc->item].loc);
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = oom(r);
		else if (!(rc = r->rc))
			rc = arg_tests(r, f, fc);
		if (!rc)
			rc = inlined_of(r, r->items[fc->item].loc, &inl);
		c->inlined = inl.function;
		c->inlined_loc = inl.loc;
	}
	if (rc) {
		tc__free(mal, cs);
		return rc;
	}
	tc__fn_read_collectives(in, cs, (uint32_t)r->nfound, &r->tests);
	return TC_OK;
}

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* The graph each function is (entries first), for the calls' callees. */
static int number_graphs(reader *r)
{
	if (!(r->graph_of = tc__malloc(&r->al, (r->nfn + 1) * sizeof *r->graph_of)))
		return oom(r);
	uint32_t next = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t f = 0; f < r->nfn; f++)
			if (r->fn[f].entry == (pass == 0))
				r->graph_of[f] = next++;
	return TC_OK;
}

/* The calls of function f in d: per call its callee's graph, its barrier
 * node (last, nbar: per block), its result and arguments as values. */
static int describe_calls(reader *r, const pfunc *f, tc_fn_desc *d, const uint32_t *last,
			  const uint32_t *nbar)
{
	const tc_alloc *mal = &r->out->al;
	uint32_t nc = f->call1 - f->call0, na = 0;
	for (uint32_t i = f->call0; i < f->call1; i++)
		na += r->calls[i].nargs;
	d->calls = tc__calloc(mal, nc ? nc : 1, sizeof *d->calls);
	d->arg = tc__malloc(mal, tc__mul(na ? na : 1, sizeof *d->arg));
	if (!d->calls || !d->arg)
		return oom(r);
	for (uint32_t i = f->call0; i < f->call1; i++) {
		const pcall *pc = &r->calls[i];
		tc_call_site *c = &d->calls[d->ncalls++];
		c->callee = pc->callee != TC_NONE ? r->graph_of[pc->callee] : TC_NONE;
		c->node = c->in_node = TC_NONE;
		c->value = pc->result != TC_NONE ? pc->result - f->rec0 : TC_NONE;
		c->arg_off = d->narg;
		c->nargs = pc->nargs;
		for (uint32_t a = 0; a < pc->nargs; a++)
			d->arg[d->narg++] = r->carg.v[pc->arg0 + a] - f->rec0;
		c->loc = kept_loc(r, pc->loc);
		if (r->rc)
			return r->rc;
	}
	/* the nodes of the calls, a barrier node for one that executes barriers */
	for (uint32_t k = 0; k < f->block1 - f->block0; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		uint32_t j = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++) {
			const item *it = &r->items[x];
			bool barrier = barrier_item(r, it);
			if (it->op == IT_CALL && it->target >= f->call0 && it->target < f->call1) {
				tc_call_site *c = &d->calls[it->target - f->call0];
				c->in_node = last[k] - nbar[k] + j;
				c->block = k; /* its arguments are records of their own already */
				c->node = barrier ? c->in_node : TC_NONE;
			}
			j += barrier;
		}
	}
	return TC_OK;
}

/* The description of the graph just added (of function f, nb blocks, whose
 * blocks end at nodes last) for the interprocedural check, in in->desc. */
static int describe(reader *r, const pfunc *f, uint32_t nb, const uint32_t *last,
		    const uint32_t *nbar, tc_fn_read *in)
{
	const tc_alloc *mal = &r->out->al;
	tc_fn_desc *d = tc__fn_desc_new(r->out, nb, last, f->pv1 - f->pv0, f->ret1 - f->ret0);
	if (!d)
		return oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	d->nparams = f->nparams;
	d->nparam_values = f->pv1 - f->pv0;
	d->nret = f->ret1 - f->ret0;
	int rc = TC_OK;
	for (uint32_t k = 0; !rc && k < d->nparam_values; k++) {
		d->param_value[k] = r->pv_rec.v[f->pv0 + k] - f->rec0;
		d->param_index[k] = r->pv_index.v[f->pv0 + k];
	}
	for (uint32_t k = 0; !rc && k < d->nret; k++)
		d->ret[k] = r->ret_rec.v[f->ret0 + k] - f->rec0;
	if (!rc)
		rc = describe_calls(r, f, d, last, nbar);
	if (!rc && r->nfound && !(d->coll = tc__malloc(mal, tc__mul(r->nfound, sizeof *d->coll))))
		rc = oom(r);
	for (size_t k = 0; !rc && k < r->nfound; k++) {
		/* the argument that must agree, where there is one: its record
		 * (the engine traces a mask back to a parameter itself) */
		const gcoll *fc = &r->found[k];
		tc_coll_desc *cd = &d->coll[k];
		cd->mask_param = cd->agree = cd->agree_arg = cd->call_site = TC_NONE;
		if (!fc->row) { /* a call: which */
			uint32_t t = r->items[fc->item].target;
			cd->call_site = t >= f->call0 && t < f->call1 ? t - f->call0 : TC_NONE;
		}
		unsigned a = fc->row ? fc->row->agree : 0;
		uint32_t rec = fc->row ? r->colls[r->items[fc->item].target].arg_rec : TC_NONE;
		if (a && !(a & (a - 1)) && rec != TC_NONE) {
			cd->agree = rec - f->rec0;
			for (cd->agree_arg = 0; !((a >> cd->agree_arg) & 1); cd->agree_arg++)
				;
		}
	}
	return rc;
}

/* The records of f that read one %tid.D and nothing else thread-dependent,
 * for in (in record order: a search for f's first). */
static int thread_ids(reader *r, const pfunc *f, tc_fn_read *in)
{
	size_t lo = 0, hi = r->ntids;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->tids[mid].value < f->rec0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t n = 0;
	for (size_t k = lo; k < r->ntids && r->tids[k].value < f->rec1; k++) {
		if (grow(r, &r->fn_ids, &r->fn_ids_cap, n + 1, sizeof *r->fn_ids))
			return r->rc;
		r->fn_ids[n] = r->tids[k];
		r->fn_ids[n++].value -= f->rec0;
	}
	in->ids = r->fn_ids;
	in->nids = (uint32_t)n;
	return TC_OK;
}

static int graph(reader *r, uint32_t fi)
{
	pfunc *f = &r->fn[fi];
	uint32_t nb = f->block1 - f->block0, ni = f->rec1 - f->rec0;
	int rc;
	/* the function in registers */
	uint32_t *blk = tc__malloc(&r->al, ((size_t)ni + 1) * sizeof *blk);
	uint32_t *opoff = tc__malloc(&r->al, ((size_t)ni + 1) * sizeof *opoff);
	uint32_t *succ_off = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *succ_off);
	uint32_t *cond = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *cond);
	uint32_t *nbar = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *nbar); /* barriers */
	uint32_t *last = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *last);
	tc_fn_read in = {0};
	size_t nsucc = 0;
	if (!blk || !opoff || !succ_off || !cond || !nbar || !last) {
		rc = oom(r);
		goto done;
	}
	uint32_t op0 = ni ? r->rec.opoff.v[f->rec0] : 0;
	for (uint32_t i = 0; i < ni; i++)
		opoff[i] = r->rec.opoff.v[f->rec0 + i] - op0;
	opoff[ni] = (ni ? op_end(r, f->rec1 - 1) : op0) - op0;
	uint32_t succ0 = nb ? r->blocks[f->block0].succ0 : 0;
	for (uint32_t k = 0; k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		for (uint32_t i = bk->rec0; i < bk->rec1; i++)
			blk[i - f->rec0] = k;
		succ_off[k] = bk->succ0 - succ0;
		cond[k] = bk->cond;
		nsucc = bk->succ0 + bk->nsucc - succ0;
	}
	succ_off[nb] = (uint32_t)nsucc;
	tc_reg_func rf = {nb,
			  succ_off,
			  r->succ.v ? r->succ.v + succ0 : NULL,
			  f->nregs,
			  ni,
			  blk,
			  r->rec.kind ? r->rec.kind + f->rec0 : NULL,
			  r->rec.def.v ? r->rec.def.v + f->rec0 : NULL,
			  opoff,
			  r->rec.op.v ? r->rec.op.v + op0 : NULL,
			  cond,
			  NULL,
			  NULL};
	/* the warp's view, for a function with a warp collective */
	bool any_warp;
	if (find_collectives(r, f, &any_warp)) {
		rc = r->rc;
		goto done;
	}
	/* and for every function of a module with calls: what a function
	 * returns to its callers' warps (analysis/calls.c) */
	if ((any_warp || (r->any_calls && !(r->opt && r->opt->function))) && r->want_lanes)
		rf.lane = r->lane + f->rec0;
	/* the graph: one node per block, split at barriers, and <exit> */
	for (uint32_t k = 0; k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		nbar[k] = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++)
			nbar[k] += barrier_item(r, &r->items[x]);
	}
	r->gf = f;
	tc_block_graph bg = {f->name, f->nlen, f->entry, nb, succ_off, rf.succ, nbar,
			     r, block_name, block_barrier, block_branch};
	rc = tc__module_add_blocks(r->out, &bg, last);
	if (rc) {
		rc = r->rc ? r->rc : rc == TC_ELIMIT ? too_large(r) : oom(r);
		goto done;
	}
	/* what the analyses read of it: warps of 32; the block's size given,
	 * else the one the kernel declares */
	in.regs = &rf;
	in.last = last;
	in.ctx = r;
	in.source = value_source;
	in.warp_size = 32;
	tc__fn_read_block_size(&in, r->opt ? r->opt->block_size : NULL, f->reqntid);
	rc = thread_ids(r, f, &in);
	if (!rc)
		rc = make_collectives(r, f, last, nbar, &in);
	if (!rc && r->any_calls && r->graph_of)
		rc = describe(r, f, nb, last, nbar, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc)
			rc = r->rc ? r->rc : rc == TC_ELIMIT ? too_large(r) : oom(r);
	}
done:
	tc__fn_read_release(r->out, &in);
	tc__free(&r->al, blk);
	tc__free(&r->al, opoff);
	tc__free(&r->al, succ_off);
	tc__free(&r->al, cond);
	tc__free(&r->al, nbar);
	tc__free(&r->al, last);
	return rc;
}

/* Which functions execute a barrier, directly or through calls; a call of
 * one is a barrier. */
static int barrier_calls(reader *r)
{
	uint8_t *has = tc__calloc(&r->al, r->nfn + 1, 1);
	uint32_t *caller = tc__malloc(&r->al, (r->ncalls + 1) * sizeof *caller);
	uint32_t *callee = tc__malloc(&r->al, (r->ncalls + 1) * sizeof *callee);
	int rc = has && caller && callee ? TC_OK : TC_ENOMEM;
	size_t n = 0;
	for (size_t i = 0; i < r->ncalls && !rc; i++) {
		nslot *e = nmap_find(&r->fnames, r->calls[i].name, r->calls[i].len,
				     name_hash(r->calls[i].name, r->calls[i].len));
		r->calls[i].callee = e ? e->val : TC_NONE; /* TC_NONE: no body */
		if (r->calls[i].callee == TC_NONE)
			continue;
		r->any_calls = true;
		caller[n] = r->calls[i].caller;
		callee[n++] = r->calls[i].callee;
	}
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t x = r->fn[f].item0; x < r->fn[f].item1; x++)
			has[f] |= r->items[x].op == IT_BARRIER;
	if (!rc)
		rc = tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, caller, callee, n, has);
	for (size_t i = 0; i < r->ncalls && !rc; i++)
		r->calls[i].barrier = r->calls[i].callee != TC_NONE && has[r->calls[i].callee];
	/* the same for the collectives of each group (those with the full
	 * mask: what a masked one promises is not the caller's) */
	uint8_t *reach = !rc && r->ncolls && r->ncalls ? tc__calloc(&r->al, r->nfn + 1, 1) : NULL;
	if (!rc && r->ncolls && r->ncalls && !reach)
		rc = TC_ENOMEM;
	for (size_t f = 0; reach && f < r->nfn; f++)
		for (uint32_t x = r->fn[f].item0; x < r->fn[f].item1; x++) {
			if (r->items[x].op != IT_COLL)
				continue;
			const pcoll *c = &r->colls[r->items[x].target];
			/* a masked one too where calls are judged in their
			 * contexts: who passes the mask is the caller's to say */
			bool contexts = r->any_calls && !(r->opt && r->opt->function);
			if ((c->checked || contexts) && !c->row->barrier)
				reach[f] |= (uint8_t)(1u << c->row->group);
		}
	for (unsigned grp = 0; reach && grp < 3 && !rc; grp++) {
		for (size_t f = 0; f < r->nfn; f++)
			has[f] = (reach[f] >> grp) & 1;
		rc = tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, caller, callee, n, has);
		for (size_t f = 0; f < r->nfn && !rc; f++)
			reach[f] |= (uint8_t)(has[f] << grp);
	}
	for (size_t i = 0; reach && i < r->ncalls && !rc; i++)
		r->calls[i].reach = r->calls[i].callee != TC_NONE ? reach[r->calls[i].callee] : 0;
	tc__free(&r->al, reach);
	tc__free(&r->al, has);
	tc__free(&r->al, caller);
	tc__free(&r->al, callee);
	return rc ? oom(r) : TC_OK;
}

/* Function i's name (tc__find_function). */
static const char *fn_name_at(const void *ctx, size_t i, size_t *len)
{
	const reader *r = ctx;
	*len = r->fn[i].nlen;
	return r->fn[i].name;
}

static int graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	if (only) {
		size_t f;
		if (tc__find_function(r, r->nfn, fn_name_at, only, &f, r->file, r->diag))
			return r->rc = TC_EINVAL;
		return graph(r, (uint32_t)f);
	}
	if (r->nfn == 0) {
		snprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0],
			 "no function is defined in the file: nothing to analyse");
		return TC_OK;
	}
	if (r->any_calls && number_graphs(r))
		return r->rc;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t f = 0; f < r->nfn; f++)
			if (r->fn[f].entry == (pass == 0) && graph(r, f))
				return r->rc;
	return TC_OK;
}

static void free_reader(reader *r)
{
	tc__free(&r->al, r->files);
	tc__free(&r->al, r->iloc);
	tc__free(&r->al, r->ilh);
	tc__free(&r->al, r->inl);
	tc__free(&r->al, r->dstr);
	nmap_free(&r->al, &r->dstr_labels);
	nmap_free(&r->al, &r->all_labels);
	tc__free(&r->al, r->dabbrev.b);
	tc__free(&r->al, r->dabbrev.lab);
	tc__free(&r->al, r->dinfo.b);
	tc__free(&r->al, r->dinfo.lab);
	tc__free(&r->al, r->dw);
	tc__free(&r->al, r->dwc);
	tc__free(&r->al, r->dw_order);
	tc__free(&r->al, r->fn);
	nmap_free(&r->al, &r->fnames);
	nmap_free(&r->al, &r->gsyms);
	tc__u32vec_free(&r->al, &r->rec.def);
	tc__u32vec_free(&r->al, &r->rec.src);
	tc__u32vec_free(&r->al, &r->rec.opoff);
	tc__u32vec_free(&r->al, &r->rec.op);
	tc__free(&r->al, r->rec.kind);
	tc__free(&r->al, r->items);
	tc__free(&r->al, r->blocks);
	tc__u32vec_free(&r->al, &r->succ);
	tc__free(&r->al, r->srcs);
	tc__free(&r->al, r->calls);
	tc__free(&r->al, r->colls);
	tc__free(&r->al, r->lane);
	tc__free(&r->al, r->found);
	nmap_free(&r->al, &r->regs);
	nmap_free(&r->al, &r->params);
	nmap_free(&r->al, &r->scoped);
	nmap_free(&r->al, &r->lsyms);
	nmap_free(&r->al, &r->labels);
	nmap_free(&r->al, &r->tables);
	tc__free(&r->al, r->lab);
	tc__free(&r->al, r->refs);
	tc__free(&r->al, r->trefs);
	tc__free(&r->al, r->tlabels);
	tc__u32vec_free(&r->al, &r->pos_rec);
	tc__free(&r->al, r->dbase);
	tc__free(&r->al, r->dslots);
	tc__free(&r->al, r->shadows);
	tc__u32vec_free(&r->al, &r->dload);
	tc__u32vec_free(&r->al, &r->dstore);
	tc__u32vec_free(&r->al, &r->gload);
	tc__u32vec_free(&r->al, &r->gaddr);
	tc__u32vec_free(&r->al, &r->reg_params);
	tc__u32vec_free(&r->al, &r->reg_param_index);
	tc__u32vec_free(&r->al, &r->pv_rec);
	tc__u32vec_free(&r->al, &r->pv_index);
	tc__u32vec_free(&r->al, &r->ret_rec);
	tc__u32vec_free(&r->al, &r->carg);
	tc__u32vec_free(&r->al, &r->ret_regs);
	tc__free(&r->al, r->graph_of);
	tc__free(&r->al, r->ops);
	tc__u32vec_free(&r->al, &r->oregs);
	tc__u32vec_free(&r->al, &r->rd);
	tc__free(&r->al, r->olist);
	tc__arg_tests_free(&r->al, &r->tests);
	tc__free(&r->al, r->tids);
	tc__free(&r->al, r->fn_ids);
	tc__free(&r->al, r->name);
}

/*
 * Whether the text may hold a warp collective: ".sync" after "shfl", "vote",
 * "warp", "any", "all" or "redux" (shfl.sync, vote.sync, bar.warp.sync,
 * match.any.sync, match.all.sync, redux.sync). Only such files keep what
 * each instruction computes for the warp's view (lanes.h), so that files
 * without any cost no more than before. A collective the scan misses still
 * counts (coll_op), with nothing known of the values before it.
 */
static bool may_have_warp_ops(const char *p, size_t n)
{
	static const char *const before[] = {"shfl", "vote", "warp", "any", "all", "redux"};
	for (size_t i = 2; i + 2 < n;) {
		const char *y = memchr(p + i, 'y', n - 2 - i);
		if (!y)
			break;
		size_t k = (size_t)(y - p);
		i = k + 1;
		if (p[k - 2] != '.' || p[k - 1] != 's' || p[k + 1] != 'n' || p[k + 2] != 'c')
			continue;
		size_t e = k - 2, b = e;
		while (b > 0 && e - b < 5 && p[b - 1] != '.' && id_cont((unsigned char)p[b - 1]))
			b--;
		for (size_t j = 0; j < sizeof before / sizeof *before; j++)
			if (strlen(before[j]) == e - b && memcmp(p + b, before[j], e - b) == 0)
				return true;
	}
	return false;
}

/* Whether the text may hold a .debug_info section: only such files keep
 * every function's labels for it. */
static bool has_debug_info(const char *p, size_t n)
{
	for (size_t i = 0; i + 11 <= n;) {
		const char *d = memchr(p + i, '.', n - i);
		if (!d)
			break;
		i = (size_t)(d - p) + 1;
		if (n - (size_t)(d - p) >= 11 && memcmp(d, ".debug_info", 11) == 0)
			return true;
	}
	return false;
}

int tc__read_ptx(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		 const tc_fn_sink *sink)
{
	reader r;
	memset(&r, 0, sizeof r);
	tc__alloc_init(&r.al, alloc);
	r.sink = sink;
	r.file = filename ? filename : "<input>";
	r.diag = diag;
	r.opt = opt;
	*out = NULL;
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       r.file, diag))
		return TC_EINVAL;
	if (!text && len)
		return tc__diag(diag, TC_EINVAL, r.file, 0, 0, "no data");
	r.p = r.ls = text ? text : "";
	r.end = r.p + len;
	r.line = 1;
	r.cur_lane = no_lane;
	r.want_lanes = may_have_warp_ops(r.p, len);
	r.want_dwarf = has_debug_info(r.p, len);
	if (tc__module_new(&r.out, alloc)) {
		free_reader(&r);
		return tc__diag(diag, TC_ENOMEM, r.file, 0, 0, "out of memory");
	}
	tc_read_stats st = {0, {{NULL, 0}}};
	double t0 = tc__now(), t1;
	int rc = read_file(&r);
	if (!rc)
		rc = dwarf_calls(&r);
	st.phase[st.nphases++] = (tc_phase_time){"ptx-parse", (t1 = tc__now()) - t0};
	if (!rc)
		rc = barrier_calls(&r);
	if (!rc)
		rc = graphs(&r);
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
