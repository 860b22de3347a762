/*
 * fuzz_ptx.c - libFuzzer target: tc_parse_ptx on arbitrary bytes, with
 * bra.uni trusted or not (chosen from the input); then every small graph it
 * reads solved as check and analyze do, with its reports read back, and the
 * reader failing an allocation chosen from the input. The same entry point
 * runs the seeds as a plain test when TC_FUZZ is off (fuzz_main.c).
 *
 * Checked, aborting on a violation:
 *   - a read either succeeds or fails with TC_EPARSE at a line and column
 *     (TC_ELIMIT for a function too large), naming the file, with a message;
 *   - a read that succeeds has a graph or a warning;
 *   - what fuzz_solve_module checks of every graph (fuzz_util.h);
 *   - an injected allocation failure gives TC_ENOMEM and leaks nothing.
 */
#include "fuzz_util.h"

#include <stdint.h>
#include <string.h>

#define MAX_BLOCKS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int read_bytes(tc_module **out, const char *name, const uint8_t *data, size_t size,
		      const tc_read_options *opt, const tc_allocator *al, tc_diag *d)
{
	return tc_parse_ptx(out, name, (const char *)data, size, opt, al, d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t h = fuzz_hash(data, size);
	tc_read_options opt = {.flags = (h & 1) ? TC_READ_TRUST_BRA_UNI : 0};
	fuzz_read("fuzz_ptx", "fuzz.ptx", read_bytes, data, size, &opt, h, MAX_BLOCKS, true);
	return 0;
}
