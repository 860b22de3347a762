/*
 * utf8.h - decoding one UTF-8 sequence, for the reports that must tell
 * UTF-8 from other bytes (JSON strings, source snippets).
 */
#ifndef TC_UTIL_UTF8_H
#define TC_UTIL_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The code point at p (n > 0 bytes there) into *cp: its length in bytes,
 * or 0 when the bytes are not UTF-8 (overlong, a surrogate, past U+10FFFF,
 * cut short). */
unsigned tc__utf8_decode(const unsigned char *p, size_t n, uint32_t *cp);

#endif
