/*
 * names.h - a function's name as its source writes it, for the notes that
 * name a helper: a C++ name demangled (the C++ runtime's __cxa_demangle),
 * without its parameters, without a template's return type (the demangler
 * writes "int ns::f<32, int>(int)", "decltype (...) ns::reduce<...>(...)")
 * and without the namespace nvcc gives what has internal linkage
 * (_INTERNAL_..._cu_...::__syncwarp is __syncwarp).
 */
#ifndef TC_UTIL_NAMES_H
#define TC_UTIL_NAMES_H

#include "util/diag.h"

#include <stddef.h>

/* name (len bytes, NUL-ended there) as its source writes it, into buf (cap
 * bytes, NUL-ended, cut to fit); the length written. A name that is not
 * mangled, or does not demangle, is copied as it is. */
size_t tc__plain_name(char *buf, size_t cap, const char *name, size_t len);

/* Name i of some list (len bytes, not NUL-ended). */
typedef const char *(*tc_name_at)(const void *ctx, size_t i, size_t *len);

/*
 * Which of n functions (named by at) the user's --function names: the one
 * of that very name (mangled), else the only one whose plain name it is
 * (reduce_bug for _Z10reduce_bugPKfPfi). 0 with *pick; else TC_EINVAL with
 * the diagnostic for file (none by that name; more than one by that plain
 * name, two of them named).
 */
int tc__find_function(const void *ctx, size_t n, tc_name_at at, const char *wanted,
		      size_t *pick, const char *file, tc_diag *diag);

#endif
