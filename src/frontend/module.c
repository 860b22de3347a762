/* module.c - a list of graphs, and reading a file by its contents. */
#include "frontend/module.h"
#include "util/diag.h"

#include <errno.h>
#include <stdio.h>
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

int tc__module_add(tc_module *m, tc_graph *g)
{
	if (m->count == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 4;
		tc_graph **v = tc__realloc(&m->al, m->graphs, tc__mul(cap, sizeof *v));
		if (!v) {
			tc_graph_free(g);
			return TC_ENOMEM;
		}
		m->graphs = v;
		m->cap = cap;
	}
	m->graphs[m->count++] = g;
	return TC_OK;
}

void tc_module_free(tc_module *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->count; i++)
		tc_graph_free(m->graphs[i]);
	tc__free(&m->al, m->graphs);
	tc__free(&m->al, m);
}

size_t tc_module_graph_count(const tc_module *m) { return m->count; }

const tc_graph *tc_module_graph(const tc_module *m, size_t i)
{
	return i < m->count ? m->graphs[i] : NULL;
}

int tc_read_file(tc_module **out, const char *path, const tc_allocator *alloc,
		 tc_diag *diag)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = NULL;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return tc__diag(diag, TC_EIO, path, 0, 0, "cannot open file: %s",
				strerror(errno));
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int rc = TC_OK;
	for (;;) {
		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 1 << 16;
			char *nb = tc__realloc(&al, buf, ncap);
			if (!nb) {
				rc = tc__diag(diag, TC_ENOMEM, path, 0, 0, "out of memory");
				goto done;
			}
			buf = nb;
			cap = ncap;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f))
				rc = tc__diag(diag, TC_EIO, path, 0, 0, "read error: %s",
					      strerror(errno));
			break;
		}
	}
	if (rc == TC_OK)
		rc = tc_parse_cfg(out, f == stdin ? "<stdin>" : path, buf, len, alloc, diag);
done:
	tc__free(&al, buf);
	if (f != stdin)
		fclose(f);
	return rc;
}
