/*
 * names.h - a function's name as its source writes it, for the notes that
 * name a helper: a C++ name demangled (the C++ runtime's __cxa_demangle),
 * without its parameters and without the namespace nvcc gives what has
 * internal linkage (_INTERNAL_..._cu_...::__syncwarp is __syncwarp).
 */
#ifndef TC_UTIL_NAMES_H
#define TC_UTIL_NAMES_H

#include <stddef.h>

/* name (len bytes, NUL-ended there) as its source writes it, into buf (cap
 * bytes, NUL-ended, cut to fit); the length written. A name that is not
 * mangled, or does not demangle, is copied as it is. */
size_t tc__plain_name(char *buf, size_t cap, const char *name, size_t len);

#endif
