/*
 * ptx.h - the PTX reader's state and its parts (docs/ptx.md); internal to
 * src/frontend/ptx/, whose entry point is tc__read_ptx (frontend/readers.h).
 *
 * The parts, each a file of this folder:
 *   ptx.c           the entry: the whole file's directives, the read's steps
 *   lexer.c         tokens, errors, the maps from names to values
 *   registers.c     registers and special registers, records, slots
 *   debug.c         .file, .loc, .debug_str, .debug_info's inlined calls
 *   dwarf.c         the DWARF of .debug_info (dwarf.h)
 *   instructions.c  operands and instructions, collectives among them
 *   warp.c          what each instruction computes for the warp's view
 *   functions.c     functions: parameters, body, labels, blocks
 *   depot.c         what the file's code keeps in local memory (constants)
 *   graphs.c        the barrier closure, graphs and descriptions
 * Functions one part gives the others are named tc__ptx_*.
 */
#ifndef TC_FRONTEND_PTX_PTX_H
#define TC_FRONTEND_PTX_PTX_H

#include "frontend/gpu_builtins.h"
#include "frontend/ptx/dwarf.h"
#include "graph/desc.h"
#include "graph/module.h"
#include "util/diag.h"
#include "util/hash.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
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
	uint32_t len;
	uint32_t val, aux;
	uint32_t depth; /* registers: the scope that declared it */
	uint32_t refs;  /* functions: uses of the name but as a call's callee
			 * (its address taken: tc__ptx_fn_ref) */
	uint8_t tag;
} nslot;

/* Entries in chunks that never move (a slot found stays valid while more
 * are added): chunk k holds NMAP_CHUNK << k of them. */
#define NMAP_CHUNK 64u
#define NMAP_CHUNKS 27

typedef struct nmap {
	tc_hash index; /* name -> entry */
	nslot *chunk[NMAP_CHUNKS];
	uint32_t len;
	uint32_t gen; /* counts the clears: a cache of lookups is valid while it stays */
} nmap;

/* Entry i of m. */
/* The chunk entry i is in. */
static inline unsigned tc__ptx_nmap_chunk(uint32_t i)
{
	uint32_t q = i / NMAP_CHUNK + 1;
#if defined(__GNUC__)
	return 31u - (unsigned)__builtin_clz(q);
#else
	unsigned k = 0;
	while (q >> (k + 1))
		k++;
	return k;
#endif
}

static inline nslot *tc__ptx_nmap_at(const nmap *m, uint32_t i)
{
	unsigned k = tc__ptx_nmap_chunk(i);
	return &m->chunk[k][i - NMAP_CHUNK * ((1u << k) - 1u)];
}

/* The entry of s (n bytes, hash h: tc__hash_bytes) in m, or NULL; *at:
 * where it would go. */
static inline nslot *tc__ptx_nmap_lookup(const nmap *m, const char *s, size_t n, uint32_t h,
					 size_t *at)
{
	for (uint32_t v = tc__hash_first(&m->index, h, at); v != TC_NONE;
	     v = tc__hash_next(&m->index, h, at)) {
		nslot *e = tc__ptx_nmap_at(m, v);
		if (e->len == n && memcmp(e->s, s, n) == 0)
			return e;
	}
	return NULL;
}

static inline nslot *tc__ptx_nmap_find(const nmap *m, const char *s, size_t n, uint32_t h)
{
	size_t at;
	return tc__ptx_nmap_lookup(m, s, n, h, &at);
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
	uint8_t neg;  /* guarded by the negation (@!%p) */
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
	uint8_t way;           /* which way cond sends it (tc_fn_read.way) */
	uint32_t pos0;         /* the position (instruction) it starts at */
} pblock;

typedef struct pfunc {
	const char *name;
	uint32_t nlen;
	bool entry;
	/* where the file calls through a register: its address is taken
	 * (nslot.refs), so such a call may run it (graphs.c, depot.c) */
	bool taken;
	uint32_t rec0, rec1, block0, block1, item0, item1;
	uint32_t nregs;
	uint32_t reqntid[3]; /* .reqntid X, Y, Z; 0: not declared */
	uint32_t maxntid;    /* .maxntid X, Y, Z: X * Y * Z; 0: not declared */
	/* for the interprocedural check (graph/desc.h): its parameters, and
	 * its ranges in reader.pv_rec, .ret_rec and .calls */
	uint32_t nparams;
	uint32_t pv0, pv1, ret0, ret1, call0, call1;
	uint32_t df0, df1; /* its facts in reader.df (depot.c) */
	uint32_t mc0, mc1; /* its loads' other reads in reader.mcopy (depot.c) */
	const char *depot; /* its first .local declaration's name (NULL:
			    * none, or one without a name) */
	uint32_t depot_len, nlocal;
	uint32_t local_align; /* the least .align of its .local declarations
			       * (1 where one says none; 0: none) */
	uint32_t sv0, sv1, sl0, sl1; /* its slots read as memory (reader.sv, .sl) */
} pfunc;

typedef struct psource {
	const char *what; /* kept in the module */
	ploc loc;
} psource;

typedef struct pcall { /* a call by name: for the barrier closure */
	uint32_t caller;
	const char *name; /* NULL: a call through a register */
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
	int64_t off;       /* O_ADDR, O_SYM: the constant offset; O_IMM: the value */
	bool simple;       /* O_ADDR: [reg], [reg+imm], [sym], [sym+imm];
			    * O_SYM: its offset (sym+4) is known */
	bool known;        /* O_IMM: an integer */
	uint8_t vknown;    /* O_VEC: element e (< 8) is the integer vkv[e] */
	int64_t vkv[8];
	uint32_t l0, nl;   /* O_LIST: names in r->olist */
	tok at;
} opnd;

enum { O_REG, O_NOT, O_VEC, O_PAIR, O_ADDR, O_SYM, O_IMM, O_SINK, O_LIST };

/*
 * What depot.c follows of an instruction: the moves of addresses of local
 * objects (a function's depot and .local variables, the module's .local
 * variables) and of constants between registers, memory and calls. Every
 * other read of a register is a DF_USE; every other write is unknown.
 */
enum {
	DF_OBJ,    /* def = the address of object a, plus k */
	DF_ADD,    /* def = a + k (a copy when k is 0) */
	DF_ADDR,   /* def = a + b, two registers */
	DF_CONST,  /* def = the constant c */
	DF_LOAD,   /* def = size bytes at a + k (a TC_NONE: object b, offset k); rec its record */
	DF_STORE,  /* size bytes at a + k (or object b) = def, or c (DF_IMM), or unknown (DF_ANYV) */
	DF_PARAM,  /* def = size bytes at offset k of parameter b of the function:
		    * a kernel's argument, or what every call stored there */
	DF_RESULT, /* def = result b of call a (every ret of the callee) */
	DF_USE,    /* a is read otherwise: it must hold no local object's address */
	DF_TOP,    /* def is unknown (a .reg parameter) */
	DF_ARG,    /* size bytes at offset k of call slot a (st.param) = def, or c
		    * (DF_IMM), or unknown (DF_ANYV) */
	DF_GIVEUP, /* a local object's address is used otherwise */
	DF_OR      /* def = a | k (k > 0): a + k where each of a's addresses is
		    * of an object aligned past k at an offset whose bits k
		    * clears, the way clang -O0 tests a byte of a local; else a
		    * is used otherwise (DF_USE) and def is unknown */
};
#define DF_GUARD 1 /* a guarded write */
#define DF_IMM 2
#define DF_ANYV 4
#define DF_GENERIC 8 /* a load through a generic address */
#define DF_SIGNED 16 /* a load of a signed type (ld.s8: sign-extended) */
#define DF_SLOT 32   /* a store of a depot slot, at %SP plus a constant */
#define DF_MODULE_OBJ (UINT32_MAX - 1) /* the module's .local variables */
enum { DFS_TOP, DFS_RESULT };

typedef struct dfact {
	uint8_t op, size, flags;
	uint32_t def, a, b;
	uint32_t rec; /* the record whose write it follows (a load's, a call slot's
		       * read); TC_NONE: none */
	uint32_t pos; /* its instruction's position in the function */
	int64_t k, c;
} dfact;

/* the slot of a depot offset */
typedef struct dslot {
	int64_t off;
	uint32_t size, reg;
	/* a load of more bytes than the slot's read it (a word loaded where
	 * bytes were stored): its record reads the slot's register, which
	 * stands for the slot's bytes only, so the slot is never a register
	 * again (depot.c, promote_slots) */
	bool mixed;
} dslot;

typedef struct vecs {
	tc_u32vec def, src, opoff, op;
	uint8_t *kind;
	size_t kind_cap;
} vecs;

typedef struct opinfo opinfo; /* what the reader knows of an opcode (instructions.c) */

typedef struct reader {
	tc_alloc al;
	/* what the read keeps to its end, freed at once: every array below
	 * but dw (dwarf.c's) and tests (graph/desc.h's), each grown in it
	 * (tc__arena_grow), and the maps' entries (their tables are not) */
	tc_arena ar;
	const char *file;
	tc_diag *diag;
	const tc_read_options *opt;
	tc_module *out;
	int rc;
	bool guard_neg; /* the instruction being read is guarded by @!%p */

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
	tc_hash ilh;        /* position -> the last of them there */
	pinl *inl; /* what ploc.inl points at */
	size_t ninl, inl_cap;
	/* .section .debug_str: its bytes, and its labels -> offsets */
	unsigned char *dstr;
	size_t ndstr, dstr_cap;
	nmap dstr_labels;
	/* nvcc -G's inlined calls, from .debug_abbrev and .debug_info
	 * (dwarf.h), kept when the text has a .debug_info (want_dwarf) */
	bool want_dwarf;
	bool want_df; /* depot.c's facts recorded (tc__ptx_scan_dots) */
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
	tc_dw_local *dwloc; /* the variables DWARF places in .local symbols */
	size_t ndwloc;
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
	/* the text may hold a warp collective (tc__ptx_may_have_warp_ops, or
	 * one was found): the warp's view is made only then */
	bool warp_text;
	/* per record: what it computes, for the warp's view
	 * (analysis/lanes.h) and the thread terms that cancel
	 * (analysis/affine.h), its a[] naming places in the record's reads */
	tc_lane_op *lane;
	size_t lane_cap;
	tc_lane_op cur_lane; /* what tc__ptx_emit gives the records it makes */

	/* the opcodes' entries found last (instructions.c) */
	const opinfo *opcache[64];

	/* the function being read */
	pfunc *f;
	uint32_t fidx;
	uint32_t nregs;
	nmap regs;    /* names and range prefixes -> registers */
	bool bare_regs; /* regs has a name without '%' (tc__ptx_is_reg_tok) */
	struct {      /* the range prefixes looked up last ("%r", "%rd") */
		const char *s;
		uint32_t len, base, count, gen;
	} pcache[8];
	nmap params;  /* the function's own parameters (tag P_*) */
	nmap scoped;  /* .param variables of the body -> slot registers */
	nmap lsyms;   /* .local variables of the body */
	tok decl_name; /* the name tc__ptx_skip_decl last put in a map */
	uint32_t decl_align; /* ... and its .align (0: none said) */
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
	/* a depot read as memory (depot_as_memory): its slots and what their
	 * records were as registers, which depot.c gives back to the slots
	 * that nothing but their own direct stores may write (promote_slots);
	 * by function (pfunc.sv0 .. sv1, sl0 .. sl1), each load's operands in
	 * sv_ops */
	struct slot_rec {
		uint32_t rec, reg, op0, nop;
		bool load;
		uint8_t kind;
		tc_lane_op lane;
	} *sv;
	size_t nsv, sv_cap;
	tc_u32vec sv_ops;
	dslot *sl;
	size_t nsl, sl_cap;
	tc_u32vec gload, gaddr; /* generic loads: record, address register */
	tc_u32vec reg_params;
	tc_u32vec reg_param_index; /* per register parameter: its place */
	/* for the interprocedural check: records that read a parameter of a
	 * .func and which (pv_rec, pv_index); per ret, a record reading the
	 * result's registers (ret_rec); per call argument, a record reading it
	 * (carg); the registers that stand for the function's own results */
	tc_u32vec pv_rec, pv_index, pv_off, ret_rec, carg, ret_regs;
	/* loads that read one of a few places of their function's own local
	 * memory, each holding a register's value there (depot.c): pairs
	 * (record, register), by function (pfunc.mc0, mc1) and record, each
	 * a read the record has besides its address (graphs.c) */
	tc_u32vec mcopy;
	/* the file makes an address of local memory that is no local object's
	 * (cvta.local of what is not one's address, alloca, stacksave):
	 * depot.c cannot say a value holds no such address */
	bool local_other;
	/* depot.c's facts (every function's, in order), the registers of the
	 * function being read that some DF_USE names, and whether some call
	 * is indirect (a .func's parameters may then come from anywhere) */
	dfact *df;
	size_t ndf, df_cap;
	/* what depot.c found .funcs leave in their callers' local memory (the
	 * interprocedural check's outs, graph/desc.h): out k of function fn is
	 * the register record rec writes (fn's only write of it), or, rec
	 * TC_NONE, out sub of the callee of its call 'call' (r->calls); and
	 * the loads that read one after a call (call: its index in r->calls;
	 * rec: the load's record), in function order */
	struct pout {
		uint32_t fn, rec, call, sub, k;
	} *outs;
	size_t nouts, outs_cap;
	struct pcout {
		uint32_t fn, call, rec, k;
		/* the load's fact; the callee's store it reads, where that
		 * writes exactly the bytes read, in the callee itself (else
		 * TC_NONE) */
		uint32_t ld, st;
	} *couts;
	size_t ncouts, couts_cap;
	/* per function f: its outs outs[out_off[f] .. out_off[f + 1]) and loads
	 * couts[cout_off[f] ..]; NULL when there are none */
	uint32_t *out_off, *cout_off;
	/* what depot.c found .funcs read of their callers' local memory (the
	 * ins, graph/desc.h): per function f, the parameters its ins read
	 * through, in_param[in_off[f] .. in_off[f + 1]) (in j of f is the j-th);
	 * its loads that read one (record rec reads in j), and what its calls
	 * pass for their callees' ins (call: its index in r->calls; j: the
	 * callee's in; rec: the record of the value stored, TC_NONE: none; fwd:
	 * f's own in passed on, TC_NONE: none; ocall, ok: what an earlier call
	 * left there, its callee's out ok, ocall TC_NONE: none), each per
	 * function likewise and in order of call. NULL when there are none. */
	uint32_t *in_param, *in_off;
	struct pinread {
		uint32_t rec, j;
	} *inreads;
	uint32_t *inread_off;
	struct pinarg {
		uint32_t call, j, rec, fwd, ocall, ok;
	} *inargs;
	uint32_t *inarg_off;
	uint8_t *duse;
	size_t duse_cap;
	/* some call through something that is no register may run a function
	 * of the file, or depot.c's solve took too long with the parameters
	 * followed (it then follows no parameter); icall: the calls through a
	 * register that it has to decide, each a function and its register
	 * (pairs): such a call may run a function whose address is taken */
	bool df_indirect;
	tc_u32vec icall;
	/* whether each call slot (retval0) holds, since the last label or
	 * branch, result b of call a (DFS_RESULT) or something else (DFS_TOP) */
	struct dfslot {
		uint32_t slot, a, b;
		uint8_t kind;
	} *dfs;
	size_t ndfs, dfs_cap;
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

/* special registers (SPEC 3.2): tc__ptx_sreg_kind */
enum { SR_NONE, SR_UNIFORM, SR_DIVERGENT, SR_CLOCK };

/* "'text'" of a token, cut short */
#define TOKF "'%.*s'"
#define TOKA(t) (int)((t).len > 60 ? 60 : (t).len), (t).s

/* ---- lexer.c ---------------------------------------------------------------- */

int tc__ptx_err(reader *r, uint32_t line, uint32_t col, const char *fmt, ...) TC_PRINTF(4, 5);
int tc__ptx_oom(reader *r);
int tc__ptx_too_large(reader *r);
void tc__ptx_next(reader *r);
int tc__ptx_expected(reader *r, const char *what);
int tc__ptx_semicolon(reader *r);
int tc__ptx_expect_p(reader *r, char c, const char *what);
bool tc__ptx_int_value(const tok *t, int64_t *v);
void tc__ptx_nmap_clear(tc_arena *ar, nmap *m);
nslot *tc__ptx_nmap_put(tc_arena *ar, nmap *m, const char *s, size_t n);
void tc__ptx_nmap_free(tc_arena *ar, nmap *m);
int tc__ptx_skip_decl(reader *r, nmap *local_syms);
/* a use of name s (an operand, an initializer's) that, where it names a
 * function, takes its address (d = 1) or calls it (-1: the callee's
 * operand, counted as a use before) */
void tc__ptx_fn_ref(reader *r, const char *s, uint32_t len, int d);
int tc__ptx_skip_group(reader *r);
bool tc__ptx_may_have_warp_ops(const char *p, size_t n);
/* What the text may hold, from one scan of its '.'s: a .debug_info section
 * (only such files keep every function's labels for it), ".local" (only
 * there may a local object's address be taken, which depot.c follows:
 * without, its facts are not recorded). */
enum { TEXT_DEBUG_INFO = 1, TEXT_LOCAL = 2 };
unsigned tc__ptx_scan_dots(const char *p, size_t n);

/* per byte: 1 continues a name, 2 starts one, 4 a digit, 8 punctuation */
extern const unsigned char tc__ptx_cclass[256];

static inline bool tc__ptx_is_digit(unsigned c)
{
	return tc__ptx_cclass[c & 0xff] & 4;
}

static inline bool tc__ptx_id_cont(unsigned c)
{
	return tc__ptx_cclass[c & 0xff] & 1;
}

static inline bool tc__ptx_is_p(const reader *r, char c)
{
	return r->t.kind == T_PUNCT && r->t.c == c;
}

static inline bool tc__ptx_is_word(const tok *t, const char *w)
{
	size_t n = strlen(w);
	return t->kind == T_IDENT && t->len == n && memcmp(t->s, w, n) == 0;
}

static inline bool tc__ptx_starts(const tok *t, const char *w)
{
	size_t n = strlen(w);
	return t->len >= n && memcmp(t->s, w, n) == 0;
}

/* Makes sure *p, an array of the read's arena, holds n elements of size sz. */
static inline int tc__ptx_grow(reader *r, void *p, size_t *cap, size_t n, size_t sz)
{
	return tc__arena_grow(&r->ar, p, cap, n, sz) ? tc__ptx_oom(r) : TC_OK;
}

/* Appends x to v, a vector of the read's arena. */
static inline int tc__ptx_push(reader *r, tc_u32vec *v, uint32_t x)
{
	if (v->len == v->cap && tc__arena_grow(&r->ar, &v->v, &v->cap, v->len + 1, sizeof *v->v))
		return tc__ptx_oom(r);
	v->v[v->len++] = x;
	return TC_OK;
}

/* ---- registers.c ------------------------------------------------------------- */

int tc__ptx_sreg_kind(const tok *t);
uint32_t tc__ptx_reg_lookup(reader *r, const tok *t);
bool tc__ptx_is_reg_tok(reader *r, const tok *t);
uint32_t tc__ptx_new_reg(reader *r);
int tc__ptx_declare_reg(reader *r, const tok *name, uint32_t count, bool range);
void tc__ptx_end_scope(reader *r, uint32_t depth);
int tc__ptx_parse_reg_decl(reader *r);
extern const tc_lane_op tc__ptx_no_lane;
int tc__ptx_emit(reader *r, uint32_t def, uint8_t kind, uint32_t src);
uint32_t tc__ptx_op_end(const reader *r, uint32_t i);
uint32_t tc__ptx_add_source(reader *r, const char *what, size_t len, ploc loc);
uint32_t tc__ptx_reg_operand(reader *r, const tok *t);
uint32_t tc__ptx_depot_slot(reader *r, int64_t off, uint32_t size, bool load, bool *part);
uint32_t tc__ptx_param_slot(reader *r, const char *s, uint32_t len, nslot **slot);
int tc__ptx_emit_defs(reader *r, const uint32_t *defs, uint32_t ndefs, uint32_t guard,
		      uint8_t kind, uint32_t src);
uint32_t tc__ptx_first_defs(reader *r, const opnd *o, uint32_t *one, const uint32_t **defs);
void tc__ptx_check_escape(reader *r, size_t from);
uint32_t tc__ptx_sreg_named(reader *r, const char *s, size_t n, ploc loc);
uint32_t tc__ptx_sreg_source(reader *r, ploc loc);

/* ---- debug.c ----------------------------------------------------------------- */

int tc__ptx_parse_loc(reader *r);
int tc__ptx_parse_debug_str(reader *r);
int tc__ptx_parse_dwarf_section(reader *r, struct dsec *d);
int tc__ptx_parse_file(reader *r);
int tc__ptx_dwarf_calls(reader *r);
tc_loc tc__ptx_kept_loc(reader *r, ploc l);
int tc__ptx_inlined_of(reader *r, ploc l, tc_inlined *out);

/* ---- instructions.c ---------------------------------------------------------- */

int tc__ptx_add_ref(reader *r, lref **v, size_t *n, size_t *cap, const tok *t);
int tc__ptx_instruction(reader *r, tok op, uint32_t guard, tok first);

/* ---- warp.c ------------------------------------------------------------------ */

int64_t tc__ptx_sext(int64_t v, unsigned bits);
tc_lane_op tc__ptx_lane_of(const reader *r, const tok *op, size_t blen, uint32_t nd);
int tc__ptx_mad_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src);
int tc__ptx_bfe_lanes(reader *r, const tok *op, size_t blen, uint8_t kind, uint32_t src);

/* ---- functions.c ------------------------------------------------------------- */

int tc__ptx_function(reader *r);

/* ---- depot.c ------------------------------------------------------------------ */

int tc__ptx_df(reader *r, uint8_t op, uint32_t def, uint32_t a, uint32_t b, int64_t k, int64_t c,
	       uint32_t size, uint8_t flags, uint32_t rec);
int tc__ptx_df_uses(reader *r, size_t from);
uint32_t tc__ptx_local_obj(reader *r, const char *s, uint32_t len);
int tc__ptx_dfs_set(reader *r, uint32_t slot, uint8_t kind, uint32_t a, uint32_t b);
const struct dfslot *tc__ptx_dfs_get(const reader *r, uint32_t slot);
int tc__ptx_depot_values(reader *r);
/*
 * ranges.c: the values each operand of f's unguarded DF_ADDR facts may
 * hold there, from the blocks' ways w and how often each register is
 * written (writes, up to 2; def_rec: the last record writing it): for
 * fact j, lo[2 * (j - df0)] .. hi[...] for its a, [... + 1] for its b; lo
 * greater than hi where not bounded. Scratch in ar. TC_OK or TC_ENOMEM.
 */
struct tc_ways;
int tc__ptx_index_ranges(const reader *r, uint32_t f, const struct tc_ways *w,
			 const uint8_t *writes, const uint32_t *def_rec, tc_arena *ar, int64_t *lo,
			 int64_t *hi);
int tc__ptx_full_masks(reader *r, const pfunc *f);

/* ---- graphs.c ---------------------------------------------------------------- */

int tc__ptx_barrier_calls(reader *r);
int tc__ptx_graphs(reader *r);

#endif
