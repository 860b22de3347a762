/*
 * gen_common.h - what the benchmark generators (gen_cfg.c, gen_ir.c) share:
 * exiting with a message, a seeded splitmix64 generator, buffered output,
 * and counts written as 1e6. Define GEN_NAME (the program's name) first.
 * Same seed, same numbers: integer arithmetic only.
 */
#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void die(const char *msg)
{
	fprintf(stderr, GEN_NAME ": %s\n", msg);
	exit(2);
}

/* splitmix64 */
typedef struct rng {
	uint64_t s;
} rng;

static inline uint64_t rng_next(rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* uniform in [0, n), n > 0; the modulo bias is below 2^-32 for our n */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
	return (uint32_t)(rng_next(r) % n);
}

/* true with probability num/den */
static inline int rng_chance(rng *r, uint32_t num, uint32_t den)
{
	return rng_below(r, den) < num;
}

/* log-uniform in [0, m]: a power-of-two scale first, then a value in it */
static inline uint32_t rng_log_uniform(rng *r, uint32_t m)
{
	if (m == 0)
		return 0;
	uint32_t bits = 0;
	while (bits < 32 && ((uint64_t)1 << (bits + 1)) - 1 <= m)
		bits++;
	/* scales k = 0..bits: values [2^k - 1, 2^(k+1) - 2] */
	uint32_t k = rng_below(r, bits + 1);
	uint64_t lo = ((uint64_t)1 << k) - 1, hi = ((uint64_t)1 << (k + 1)) - 2;
	if (hi > m)
		hi = m;
	return (uint32_t)(lo + rng_next(r) % (hi - lo + 1));
}

/* Buffered output. */
typedef struct out {
	FILE *f;
	char buf[1 << 16];
	size_t len;
} out;

static inline void out_flush(out *o)
{
	if (o->len && fwrite(o->buf, 1, o->len, o->f) != o->len)
		die("write error");
	o->len = 0;
}

static inline void out_mem(out *o, const char *s, size_t n)
{
	if (o->len + n > sizeof o->buf) {
		out_flush(o);
		if (n > sizeof o->buf) {
			if (fwrite(s, 1, n, o->f) != n)
				die("write error");
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static inline void out_str(out *o, const char *s)
{
	out_mem(o, s, strlen(s));
}

static inline void out_char(out *o, char c)
{
	if (o->len == sizeof o->buf)
		out_flush(o);
	o->buf[o->len++] = c;
}

static inline void out_u32(out *o, uint32_t v)
{
	char tmp[12];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (o->len + 12 > sizeof o->buf)
		out_flush(o);
	while (n)
		o->buf[o->len++] = tmp[--n];
}

/* The statements of the structured shapes, and how one is picked: the
 * kinds by fixed odds; a jump (break or continue) only inside a loop; past
 * max_depth only plain blocks; and a plain block when the budget b of new
 * blocks is too small for the kind (a while loop takes while_min). */
enum { S_BLOCK, S_IF, S_IFELSE, S_DOWHILE, S_WHILE, S_JUMP };

static inline int pick_stmt(rng *r, uint32_t b, int depth, int max_depth, int in_loop,
			    uint32_t while_min)
{
	uint32_t pick = rng_below(r, 100);
	int kind = pick < 36   ? S_BLOCK
		   : pick < 53 ? S_IF
		   : pick < 70 ? S_IFELSE
		   : pick < 80 ? S_DOWHILE
		   : pick < 88 ? S_WHILE
			       : S_JUMP;
	if (kind == S_JUMP && !in_loop)
		kind = S_IF;
	if (depth >= max_depth && kind != S_JUMP)
		kind = S_BLOCK;
	if ((kind == S_IF && b < 2) || ((kind == S_IFELSE || kind == S_DOWHILE) && b < 3) ||
	    (kind == S_WHILE && b < while_min))
		kind = S_BLOCK;
	return kind;
}

/* an integer, or MeK for M times 10^K ("1e6") */
static inline int parse_count(const char *s, uint64_t *out_val)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (end == s || errno || s[0] == '-')
		return -1;
	if (*end == 'e' || *end == 'E') {
		char *end2;
		unsigned long e = strtoul(end + 1, &end2, 10);
		if (end2 == end + 1 || e > 19)
			return -1;
		while (e--) {
			if (v > UINT64_MAX / 10)
				return -1;
			v *= 10;
		}
		end = end2;
	}
	if (*end)
		return -1;
	*out_val = v;
	return 0;
}

#endif
