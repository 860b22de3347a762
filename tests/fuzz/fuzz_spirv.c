/*
 * fuzz_spirv.c - libFuzzer target: tc_parse_spirv on arbitrary bytes (binary
 * modules, and assembly text when the magic number is missing), validated
 * or not (chosen from the input: without the validator, the reader itself
 * meets every malformed module); then every small graph it
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

static void check(int ok, const char *what) { fuzz_check("fuzz_spirv", ok, what); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t h = fuzz_hash(data, size);
	tc_read_options opt = {.flags = (h & 1) ? TC_READ_SPIRV_NO_VALIDATE : 0};
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	tc_module *m;
	tc_diag d;
	int rc = tc_parse_spirv(&m, "fuzz.spvasm", data, size, &opt, &counting, &d);
	if (rc) {
		check(rc == TC_EPARSE || rc == TC_ELIMIT, "a read fails with TC_EPARSE or TC_ELIMIT");
		check(m == NULL, "a failed read returns no module");
		check(d.message[0] != '\0', "a read error has a message");
		check(strcmp(d.file, "fuzz.spvasm") == 0, "a read error names the file");
	} else {
		check(tc_module_graph_count(m) >= 1 || tc_module_warning_count(m) >= 1,
		      "a read file has a graph or says why not");
		fuzz_solve_module("fuzz_spirv", "fuzz.spvasm", m, h, MAX_BLOCKS);
		tc_module_free(m);
	}
	/* the reader, failing its last allocation and one from the input */
	size_t calls = b.calls;
	size_t points[2] = {calls, 1 + (h >> 1) % (calls ? calls : 1)};
	for (int i = 0; calls && i < 2; i++) {
		budget fail = {0, points[i]};
		tc_allocator failing = budget_allocator(&fail);
		int frc = tc_parse_spirv(&m, "fuzz.spvasm", data, size, &opt, &failing, &d);
		check(frc == TC_ENOMEM || frc == rc, "a failed allocation in the reader is TC_ENOMEM");
		if (frc == TC_OK)
			tc_module_free(m);
		else
			check(m == NULL, "a failed read returns no module");
	}
	return 0;
}
