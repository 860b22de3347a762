/*
 * alloc_fail.h - for the tests that make allocations fail in turn: malloc,
 * calloc and realloc wrapped (link with -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc), the alloc_fail_at-th call from when alloc_fail_at is
 * set failing (alloc_calls counts them; 0: none fails).
 */
#ifndef TC_TESTS_ALLOC_FAIL_H
#define TC_TESTS_ALLOC_FAIL_H

#include <stddef.h>

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
static long alloc_calls, alloc_fail_at; /* counting when fail_at > 0 */

static int alloc_fails(void)
{
	return alloc_fail_at > 0 && ++alloc_calls == alloc_fail_at;
}

void *__wrap_malloc(size_t n) { return alloc_fails() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t k, size_t n) { return alloc_fails() ? NULL : __real_calloc(k, n); }
void *__wrap_realloc(void *p, size_t n) { return alloc_fails() ? NULL : __real_realloc(p, n); }

#endif
