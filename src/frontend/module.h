/* module.h - the graphs read from one input (internal view of tc_module). */
#ifndef TC_FRONTEND_MODULE_H
#define TC_FRONTEND_MODULE_H

#include "threadconv.h"
#include "util/mem.h"

struct tc_module {
	tc_alloc al;
	tc_graph **graphs;
	size_t count, cap;
};

int tc__module_new(tc_module **out, const tc_allocator *alloc);
/* Takes ownership of g, also on failure. */
int tc__module_add(tc_module *m, tc_graph *g);

#endif
