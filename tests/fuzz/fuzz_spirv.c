/*
 * fuzz_spirv.c - libFuzzer target: tc_parse_spirv on arbitrary bytes (binary
 * modules, and assembly text when the magic number is missing), checked by
 * the reader (the default), not checked at all, or validated by SPIRV-Tools
 * too (chosen from the input: unchecked, the reader itself meets every
 * malformed module; checked, the checks themselves do, and the reader every
 * module that breaks only the rules it does without); then every small graph it
 * reads solved as check and analyze do, with its reports read back, and the
 * reader failing an allocation chosen from the input. The same entry point
 * runs the seeds as a plain test when TC_FUZZ is off (fuzz_main.c).
 *
 * Checked, aborting on a violation:
 *   - a read either succeeds or fails with TC_EPARSE (TC_ELIMIT for a
 *     function too large), naming the file, with a message;
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
	return tc_parse_spirv(out, name, data, size, opt, al, d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t h = fuzz_hash(data, size);
	static const unsigned modes[] = {0, TC_READ_SPIRV_NO_VALIDATE, TC_READ_SPIRV_VALIDATE};
	tc_read_options opt = {.flags = modes[h % 3]};
	fuzz_read("fuzz_spirv", "fuzz.spvasm", read_bytes, data, size, &opt, h, MAX_BLOCKS, false);
	return 0;
}
