/* utf8.c - one UTF-8 sequence (utf8.h). */
#include "util/utf8.h"

unsigned tc__utf8_decode(const unsigned char *p, size_t n, uint32_t *cp)
{
	unsigned char b = p[0];
	unsigned len;
	uint32_t c, min;
	if (b < 0x80) {
		*cp = b;
		return 1;
	}
	if (b >= 0xC2 && b <= 0xDF) {
		len = 2, c = b & 0x1Fu, min = 0x80;
	} else if (b >= 0xE0 && b <= 0xEF) {
		len = 3, c = b & 0x0Fu, min = 0x800;
	} else if (b >= 0xF0 && b <= 0xF4) {
		len = 4, c = b & 0x07u, min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (unsigned k = 1; k < len; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (p[k] & 0x3Fu);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}
