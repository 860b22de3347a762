/*
 * cfg.c - the .cfg text format (docs/cfg-format.md).
 *
 *   graph NAME            starts a graph (statements before any graph line
 *                         form one graph named after the file)
 *   entry NAME / exit NAME
 *   barrier NAME... / uniform NAME...
 *   NAME -> NAME...       edges, created left to right
 *
 * A line whose second token is -> is an edge line whatever its first token,
 * so nodes may be called entry or graph. Names are [A-Za-z0-9_.$%@-]+ or a
 * double-quoted string with \" and \\ escapes. One pass over the bytes, no
 * backtracking (large inputs get a quick count of their lines first, to size
 * the name table); the first error stops the parse and nothing is returned.
 * Positions are kept with each queued name, so an error found when a name is
 * looked up reports the line and column of that name.
 */
#include "graph/module.h"
#include "graph/graph.h"
#include "util/diag.h"
#include "util/hash.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct token {
	const char *text; /* for quoted names: the raw text between the quotes */
	size_t len;
	uint32_t col;
	int kind; /* TOK_* */
	int escaped; /* a quoted name containing backslash escapes */
} token;

enum { TOK_END, TOK_NAME, TOK_QUOTED, TOK_ARROW };

/*
 * A name waiting to be looked up, and what to do with its node. Lookups go
 * through a short queue: a name's table slot is fetched into the cache when
 * it is read and used a few names later, so that on graphs too large for the
 * cache the lookups overlap their memory waits instead of taking turns.
 */
enum { OP_FROM, OP_TO, OP_BARRIER, OP_UNIFORM, OP_ENTRY, OP_EXIT };

typedef struct pending {
	const char *text; /* into the input: queued names have no escapes */
	size_t len;
	uint32_t hash;
	uint32_t line, col;
	int op;
} pending;

#define QUEUE 32 /* a power of two */

typedef struct parser {
	const char *file;
	const char *p, *end;
	const char *line_start;
	uint32_t line;
	tc_diag *diag;
	tc_module *mod;
	/* the graph being read */
	tc_builder *b;
	uint32_t graph_line, entry_line, exit_line;
	char graph_name[256];
	char *scratch; /* unescaped quoted names */
	size_t scratch_cap;
	uint32_t from; /* the source of the edge line being resolved */
	pending queue[QUEUE];
	unsigned qhead, qlen;
	const char *text; /* the whole input */
	size_t lines; /* lines in it, counted when a large graph begins; 0 before */
} parser;

/* Byte classes, as a table: the scanner's inner loops. */
enum {
	C_OTHER,
	C_NAME,  /* [A-Za-z0-9_.$%@] */
	C_DASH,  /* '-': in names, and the start of "->" */
	C_BLANK, /* ' ', \t, \r, \f, \v */
	C_END,   /* '\n' and '#' end the tokens of a line */
	C_QUOTE,
};

static const unsigned char byte_class[256] = {
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1,
	['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
	['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1,
	['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1, ['A'] = 1, ['B'] = 1,
	['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1,
	['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
	['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1,
	['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1,
	['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['_'] = 1,
	['.'] = 1, ['$'] = 1, ['%'] = 1, ['@'] = 1, ['-'] = C_DASH,
	[' '] = C_BLANK, ['\t'] = C_BLANK, ['\r'] = C_BLANK, ['\f'] = C_BLANK,
	['\v'] = C_BLANK, ['\n'] = C_END, ['#'] = C_END, ['"'] = C_QUOTE,
};

static uint32_t col_of(const parser *ps, const char *at)
{
	return (uint32_t)(at - ps->line_start) + 1;
}

static int flush(parser *ps);

/* Reports an error at `at` on the current line, after the names read before it. */
static int error_at(parser *ps, const char *at, const char *fmt, ...) TC_PRINTF(3, 4);
static int error_at(parser *ps, const char *at, const char *fmt, ...)
{
	int rc = flush(ps);
	if (rc)
		return rc;
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return tc__diag(ps->diag, TC_EPARSE, ps->file, ps->line, col_of(ps, at), "%s", msg);
}

static int bad_char(parser *ps, const char *at)
{
	unsigned char c = (unsigned char)*at;
	if (c > 0x20 && c < 0x7f)
		return error_at(ps, at, "unexpected '%c' (a name is [A-Za-z0-9_.$%%@-]+ "
				"or double-quoted)", c);
	return error_at(ps, at, "unexpected byte 0x%02x%s", c,
			c == 0 || c >= 0x80 ? " (is this a text file?)" : "");
}

/* Reads the next token on the current line; TOK_END at newline, '#' or EOF. */
static int next_token(parser *ps, token *t)
{
	const char *s = ps->p, *end = ps->end;
	unsigned c = C_END;
	while (s < end && (c = byte_class[(unsigned char)*s]) == C_BLANK)
		s++;
	if (s == end)
		c = C_END;
	ps->p = s;
	t->text = s;
	t->len = 0;
	t->col = col_of(ps, s);
	t->escaped = 0;
	if (c == C_NAME || c == C_DASH) {
		const char *q = s;
		if (c == C_DASH && s + 1 < end && s[1] == '>') {
			t->kind = TOK_ARROW;
			t->len = 2;
			ps->p = s + 2;
			return TC_OK;
		}
		/* a name; "a->b" is three tokens */
		for (q++; q < end; q++) {
			unsigned k = byte_class[(unsigned char)*q];
			if (k == C_NAME)
				continue;
			if (k != C_DASH || (q + 1 < end && q[1] == '>'))
				break;
		}
		t->kind = TOK_NAME;
		t->len = (size_t)(q - s);
		ps->p = q;
		return TC_OK;
	}
	if (c == C_END) {
		t->kind = TOK_END;
		return TC_OK;
	}
	if (c == C_QUOTE) {
		const char *q = s + 1;
		while (q < ps->end && *q != '"') {
			if (*q == '\n')
				break;
			if (*q == '\0')
				return bad_char(ps, q);
			if (*q == '\\') {
				t->escaped = 1;
				if (q + 1 < ps->end && (q[1] == '"' || q[1] == '\\')) {
					q += 2;
					continue;
				}
				if (q + 1 < ps->end && q[1] > 0x20 && q[1] < 0x7f)
					return error_at(ps, q, "unknown escape '\\%c' in quoted name "
							"(only \\\" and \\\\)", q[1]);
				return error_at(ps, q, "unknown escape in quoted name "
						"(only \\\" and \\\\)");
			}
			q++;
		}
		if (q == ps->end || *q != '"')
			return error_at(ps, s, "unterminated quoted name");
		if (q == s + 1)
			return error_at(ps, s, "empty name");
		t->kind = TOK_QUOTED;
		t->text = s + 1;
		t->len = (size_t)(q - s - 1);
		ps->p = q + 1;
		return TC_OK;
	}
	return bad_char(ps, s);
}

/* The name a token spells, with escapes resolved (valid until the next call). */
static int token_name(parser *ps, const token *t, const char **name, size_t *len)
{
	if (!t->escaped) {
		*name = t->text;
		*len = t->len;
		return TC_OK;
	}
	if (t->len + 1 > ps->scratch_cap) {
		char *s = tc__realloc(&ps->mod->al, ps->scratch, t->len + 1);
		if (!s)
			return TC_ENOMEM;
		ps->scratch = s;
		ps->scratch_cap = t->len + 1;
	}
	size_t n = 0;
	for (size_t i = 0; i < t->len; i++) {
		if (t->text[i] == '\\')
			i++;
		ps->scratch[n++] = t->text[i];
	}
	*name = ps->scratch;
	*len = n;
	return TC_OK;
}

/* Out of memory at line:col, or at the start of the line being read. */
static int oom_at(parser *ps, uint32_t line, uint32_t col)
{
	return tc__diag(ps->diag, TC_ENOMEM, ps->file, line, col ? col : 1, "out of memory");
}

static int oom(parser *ps)
{
	return oom_at(ps, ps->line, 1);
}

/* Looks the name up (creating the node) and does what its statement says. */
static int resolve(parser *ps, const pending *p)
{
	uint32_t id;
	int rc = tc__builder_node_hashed(ps->b, p->text, p->len, p->hash, &id);
	if (rc == TC_OK) {
		switch (p->op) {
		case OP_FROM:
			ps->from = id;
			break;
		case OP_TO:
			rc = tc_builder_edge(ps->b, ps->from, id, NULL);
			if (rc == TC_ELIMIT)
				return tc__diag(ps->diag, TC_EPARSE, ps->file, p->line, p->col,
						"too many edges");
			break;
		case OP_BARRIER:
			tc_builder_set_flags(ps->b, id,
					     tc_builder_flags(ps->b, id) | TC_NODE_BARRIER);
			/* a barrier's position is where it is declared */
			rc = tc_builder_set_node_loc(ps->b, id, ps->file, p->line, p->col);
			break;
		case OP_UNIFORM:
			tc_builder_set_flags(ps->b, id,
					     tc_builder_flags(ps->b, id) | TC_NODE_UNIFORM);
			break;
		case OP_ENTRY:
			rc = tc_builder_set_entry(ps->b, id);
			break;
		default:
			rc = tc_builder_set_exit(ps->b, id);
			break;
		}
	} else if (rc == TC_ELIMIT) {
		return tc__diag(ps->diag, TC_EPARSE, ps->file, p->line, p->col, "too many nodes");
	}
	if (rc)
		return oom_at(ps, p->line, p->col);
	return TC_OK;
}

/* Resolves every queued name, oldest first. */
static int flush(parser *ps)
{
	while (ps->qlen) {
		const pending *p = &ps->queue[ps->qhead];
		ps->qhead = (ps->qhead + 1) & (QUEUE - 1);
		ps->qlen--;
		int rc = resolve(ps, p);
		if (rc) {
			ps->qlen = 0;
			return rc;
		}
	}
	return TC_OK;
}

/* Queues the node a name token names for op; nodes exist in mention order. */
static int node_of(parser *ps, const token *t, int op)
{
	pending p;
	p.line = ps->line;
	p.col = t->col;
	p.op = op;
	if (t->escaped) {
		/* the unescaped name lives in scratch until the next one: now */
		const char *name;
		size_t len;
		int rc = flush(ps);
		if (rc)
			return rc;
		if (token_name(ps, t, &name, &len))
			return oom_at(ps, ps->line, t->col);
		p.text = name;
		p.len = len;
		p.hash = tc__hash_bytes(name, len);
		return resolve(ps, &p);
	}
	p.text = t->text;
	p.len = t->len;
	p.hash = tc__hash_bytes_in(t->text, t->len, ps->end);
	tc__builder_prefetch(ps->b, p.hash);
	if (ps->qlen == QUEUE) {
		const pending *old = &ps->queue[ps->qhead];
		ps->qhead = (ps->qhead + 1) & (QUEUE - 1);
		ps->qlen--;
		int rc = resolve(ps, old);
		if (rc) {
			ps->qlen = 0;
			return rc;
		}
	}
	ps->queue[(ps->qhead + ps->qlen) & (QUEUE - 1)] = p;
	ps->qlen++;
	return TC_OK;
}

/* what: "node" or "graph", for the message */
static int expect_name(parser *ps, token *t, const char *what, const char *after)
{
	int rc = next_token(ps, t);
	if (rc)
		return rc;
	if (t->kind == TOK_END)
		return error_at(ps, t->text, "expected a %s name after '%s'", what, after);
	if (t->kind == TOK_ARROW)
		return error_at(ps, t->text, "expected a %s name after '%s', found '->'",
				what, after);
	return TC_OK;
}

static int expect_line_end(parser *ps, const char *what)
{
	token t;
	int rc = next_token(ps, &t);
	if (rc)
		return rc;
	if (t.kind != TOK_END)
		return error_at(ps, t.text, "unexpected text after %s", what);
	return TC_OK;
}

/* Checks and hands over the graph being read. */
static int end_graph(parser *ps)
{
	if (!ps->b)
		return TC_OK;
	int rc = flush(ps);
	if (rc)
		return rc;
	if (ps->entry_line == 0 || ps->exit_line == 0) {
		uint32_t line = ps->graph_line ? ps->graph_line : 1;
		rc = tc__diag(ps->diag, TC_EPARSE, ps->file, line, 1,
			      "graph '%.100s' has no %s statement", ps->graph_name,
				  ps->entry_line == 0 ? "entry" : "exit");
		tc_builder_free(ps->b);
		ps->b = NULL;
		return rc;
	}
	tc_graph *g;
	rc = tc_builder_finish(&g, ps->b, NULL);
	ps->b = NULL;
	if (rc)
		return oom(ps);
	if (tc__module_add(ps->mod, g))
		return oom(ps);
	return TC_OK;
}

/* The number of '\n' in p[0..len), eight bytes at a time. */
static size_t count_newlines(const char *p, size_t len)
{
	const uint64_t ones = 0x0101010101010101ull, low7 = ones * 0x7f;
	size_t n = 0, i = 0;
	while (len - i >= 8) {
		/* each byte of sum counts up to 255 newlines found in its lane */
		uint64_t sum = 0;
		for (int k = 0; k < 255 && len - i >= 8; k++, i += 8) {
			uint64_t w;
			memcpy(&w, p + i, 8);
			uint64_t x = w ^ (ones * '\n'); /* zero bytes where the newlines are */
			uint64_t nonzero = ((x & low7) + low7) | x; /* top bit: byte != 0 */
			sum += (~nonzero >> 7) & ones;
		}
		const uint64_t even = 0x00ff00ff00ff00ffull;
		uint64_t pairs = (sum & even) + ((sum >> 8) & even); /* four 16-bit sums */
		n += (size_t)((pairs * 0x0001000100010001ull) >> 48);
	}
	for (; i < len; i++)
		n += p[i] == '\n';
	return n;
}

static int begin_graph(parser *ps, const char *name, size_t len, uint32_t line)
{
	snprintf(ps->graph_name, sizeof ps->graph_name, "%.*s",
		 (int)(len < 255 ? len : 255), name);
	if (tc_builder_new(&ps->b, ps->graph_name, &ps->mod->al.a))
		return oom(ps);
	/* large inputs: about a node per line, which sizes the name table */
	size_t rest = (size_t)(ps->end - ps->p);
	if (rest >= ((size_t)1 << 20)) {
		if (!ps->lines)
			ps->lines = count_newlines(ps->text, (size_t)(ps->end - ps->text)) + 1;
		if (ps->lines > line)
			tc__builder_expect_nodes(ps->b, ps->lines - line + 1);
	}
	ps->graph_line = line;
	ps->entry_line = ps->exit_line = 0;
	return TC_OK;
}

/* The stem of a path: "dir/fig8.cfg" -> "fig8". */
/* The stem of a path: "dir/fig8.cfg" -> "fig8"; standard input is "stdin". */
static void file_stem(const char *path, const char **s, size_t *len)
{
	if (strcmp(path, "-") == 0 || strcmp(path, "<stdin>") == 0) {
		*s = "stdin";
		*len = 5;
		return;
	}
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	*s = base;
	*len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
}

static int statement_names(parser *ps, const token *kw, int op)
{
	token t;
	int rc, count = 0;
	char what[16];
	snprintf(what, sizeof what, "%.*s", (int)kw->len, kw->text);
	for (;;) {
		if ((rc = next_token(ps, &t)))
			return rc;
		if (t.kind == TOK_END)
			break;
		if (t.kind == TOK_ARROW)
			return error_at(ps, t.text, "unexpected '->' in '%s' statement", what);
		if ((rc = node_of(ps, &t, op)))
			return rc;
		count++;
	}
	if (count == 0)
		return error_at(ps, t.text, "expected a node name after '%s'", what);
	return TC_OK;
}

static int parse_line(parser *ps)
{
	token t1, t2;
	int rc;
	if ((rc = next_token(ps, &t1)))
		return rc;
	if (t1.kind == TOK_END)
		return TC_OK;
	if (t1.kind == TOK_ARROW)
		return error_at(ps, t1.text, "expected a node name before '->'");
	const char *after_t1 = ps->p;
	if ((rc = next_token(ps, &t2)))
		return rc;
	if (!ps->b && !(t1.kind == TOK_NAME && t1.len == 5 && memcmp(t1.text, "graph", 5) == 0 &&
			t2.kind != TOK_ARROW)) {
		const char *stem;
		size_t len;
		file_stem(ps->file, &stem, &len);
		if ((rc = begin_graph(ps, stem, len, ps->line)))
			return rc;
	}
	if (t2.kind == TOK_ARROW) {
		token t;
		if ((rc = node_of(ps, &t1, OP_FROM)))
			return rc;
		if ((rc = expect_name(ps, &t, "node", "->")))
			return rc;
		do {
			if (t.kind == TOK_ARROW)
				return error_at(ps, t.text, "unexpected '->': write one edge "
							    "line per source");
			if ((rc = node_of(ps, &t, OP_TO)))
				return rc;
			if ((rc = next_token(ps, &t)))
				return rc;
		} while (t.kind != TOK_END);
		return TC_OK;
	}
	/* a statement: rewind to just after the keyword */
	ps->p = after_t1;
	const char *kw = t1.text;
	size_t kl = t1.len;
#define IS(word) (t1.kind == TOK_NAME && kl == sizeof(word) - 1 && memcmp(kw, word, kl) == 0)
	if (IS("graph")) {
		token name;
		if ((rc = expect_name(ps, &name, "graph", "graph")))
			return rc;
		const char *s;
		size_t len;
		if (token_name(ps, &name, &s, &len))
			return oom_at(ps, ps->line, name.col);
		if ((rc = expect_line_end(ps, "the graph name")))
			return rc;
		if ((rc = end_graph(ps)))
			return rc;
		return begin_graph(ps, s, len, ps->line);
	}
	if (IS("entry") || IS("exit")) {
		int is_entry = IS("entry");
		uint32_t *seen = is_entry ? &ps->entry_line : &ps->exit_line;
		token name;
		if ((rc = expect_name(ps, &name, "node", is_entry ? "entry" : "exit")))
			return rc;
		if (*seen)
			return error_at(ps, t1.text,
					"duplicate %s statement (the first is on line %u)",
					is_entry ? "entry" : "exit", (unsigned)*seen);
		if ((rc = node_of(ps, &name, is_entry ? OP_ENTRY : OP_EXIT)))
			return rc;
		if ((rc = expect_line_end(ps, is_entry ? "the entry name" : "the exit name")))
			return rc;
		*seen = ps->line;
		return TC_OK;
	}
	if (IS("barrier"))
		return statement_names(ps, &t1, OP_BARRIER);
	if (IS("uniform"))
		return statement_names(ps, &t1, OP_UNIFORM);
#undef IS
	char name[64];
	snprintf(name, sizeof name, "%.*s%s", (int)(t1.len > 40 ? 40 : t1.len), t1.text,
		 t1.len > 40 ? "..." : "");
	if (t2.kind == TOK_END)
		return error_at(ps, t1.text, "unknown statement '%s' (an edge needs '->')",
				name);
	return error_at(ps, t1.text, "unknown statement '%s' (expected graph, entry, "
			"exit, barrier, uniform or an edge)", name);
}

int tc_parse_cfg(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	parser ps;
	memset(&ps, 0, sizeof ps);
	ps.file = filename ? filename : "<input>";
	ps.p = ps.line_start = ps.text = text;
	ps.end = text + len;
	ps.line = 1;
	ps.diag = diag;
	if (tc__module_new(&ps.mod, alloc))
		return tc__diag(diag, TC_ENOMEM, ps.file, 0, 0, "out of memory");
	int rc = TC_OK;
	while (ps.p < ps.end) {
		if ((rc = parse_line(&ps)))
			goto fail;
		/* the line parsers stop at '\n', '#' or the end */
		if (ps.p < ps.end && *ps.p == '#') {
			const char *nl = memchr(ps.p, '\n', (size_t)(ps.end - ps.p));
			ps.p = nl ? nl : ps.end;
		}
		if (ps.p < ps.end && *ps.p == '\n') {
			ps.p++;
			ps.line++;
			ps.line_start = ps.p;
		}
	}
	if ((rc = end_graph(&ps)))
		goto fail;
	if (ps.mod->count == 0) {
		rc = tc__diag(diag, TC_EPARSE, ps.file, 1, 1,
			      len == 0 ? "empty file: no graph" : "no graph in file");
		goto fail;
	}
	tc__free(&ps.mod->al, ps.scratch);
	*out = ps.mod;
	return TC_OK;
fail:
	tc_builder_free(ps.b);
	tc__free(&ps.mod->al, ps.scratch);
	tc_module_free(ps.mod);
	return rc;
}
