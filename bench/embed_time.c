/*
 * embed_time.c - what a compiler that holds a module saves by giving it to
 * tc_parse_llvm_module rather than writing bitcode for tc_parse_llvm.
 *
 *   embed_time FILE.bc [RUNS]
 *
 * Parses FILE once into a context, then, RUNS times each (default 5),
 * interleaved: tc_parse_llvm_module on the module (read in place), the same
 * with the pipeline "no-op-module" (which makes it read through a clone),
 * and LLVMWriteBitcodeToMemoryBuffer + tc_parse_llvm on the bytes. Prints
 * the median seconds of each and the ratios, as a Markdown table row.
 */
#include <threadconv.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: embed_time FILE.bc [RUNS]\n");
		return 2;
	}
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	if (runs < 1 || runs > 100)
		runs = 5;
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMMemoryBufferRef mb;
	char *msg = NULL;
	LLVMModuleRef mod;
	if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &mb, &msg) ||
	    LLVMParseBitcodeInContext2(ctx, mb, &mod)) {
		fprintf(stderr, "embed_time: %s: cannot read it as bitcode\n", argv[1]);
		return 2;
	}
	LLVMDisposeMemoryBuffer(mb);
	double *t[3];
	for (int k = 0; k < 3; k++)
		t[k] = calloc((size_t)runs, sizeof(double));
	tc_read_options clone = TC_READ_OPTIONS_INIT;
	clone.llvm_passes = "no-op-module";
	size_t nblocks = 0;
	for (int i = 0; i < runs; i++) {
		for (int k = 0; k < 3; k++) {
			tc_module *m = NULL;
			tc_diag d = {0};
			double t0 = now();
			int rc;
			if (k < 2) {
				rc = tc_parse_llvm_module(&m, mod, k ? &clone : NULL, NULL, &d);
			} else {
				LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(mod);
				rc = tc_parse_llvm(&m, argv[1], LLVMGetBufferStart(bc),
						   LLVMGetBufferSize(bc), NULL, NULL, &d);
				LLVMDisposeMemoryBuffer(bc);
			}
			t[k][i] = now() - t0;
			if (rc) {
				fprintf(stderr, "embed_time: %s\n", d.message);
				return 1;
			}
			if (tc_module_graph_count(m))
				nblocks = tc_graph_node_count(tc_module_graph(m, 0));
			tc_module_free(m);
		}
	}
	double in_place = median(t[0], runs), cloned = median(t[1], runs),
	       bytes = median(t[2], runs);
	printf("| %zu | %.4f | %.4f | %.4f | %.2f | %.2f |\n", nblocks, in_place, cloned, bytes,
	       bytes / in_place, bytes / cloned);
	for (int k = 0; k < 3; k++)
		free(t[k]);
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return 0;
}
