/*
 * fuzz_llvm.c - libFuzzer target: the LLVM IR reader (tc_parse_llvm) on
 * arbitrary bytes, as text IR or, when they start with the bitcode magic, as
 * bitcode; then, for every graph of a module it accepts, exact in assume
 * and check mode with the uniformity feedback (tc_module_solve), and the
 * text, JSON and DOT reports. Allocation failures are injected into the
 * reader and the solve at points chosen from the input.
 *
 * LLVM's bitcode reader crashes or aborts on some malformed bitcode that it
 * does not check, and its verifier loops forever on debug scopes that form
 * a cycle (docs/llvm.md, "Untrusted input"); no process survives either:
 * each input is first read by a child process (one that serves many,
 * started again when an input ends it), and one that ends the child by a
 * signal or an LLVM fatal error, or takes it more than 5 s, is skipped
 * (counted, and named with TC_FUZZ_VERBOSE=1). What the fuzzer looks for is
 * ours: every input that LLVM survives is read again here, under the
 * sanitizers.
 *
 * Checked, aborting on a violation:
 *   - reading succeeds, or fails with TC_EPARSE or TC_EINVAL and a message
 *     naming the file (with line and column only when both are known);
 *   - a module has a graph, and every graph solves in both modes, with
 *     states C, U or -;
 *   - an injected allocation failure gives TC_ENOMEM (or the answer of the
 *     run without it) and leaks nothing;
 *   - the JSON and DOT reports parse back with every node and edge.
 */
#include "fuzz_util.h"
#include "report/report.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>

/* Larger modules are only read: many small inputs are worth more. */
#define MAX_BLOCKS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok, const char *what) { fuzz_check("fuzz_llvm", ok, what); }

static const char *file_name(const uint8_t *data, size_t size)
{
	return size >= 4 && data[0] == 'B' && data[1] == 'C' ? "fuzz.bc" : "fuzz.ll";
}

static void on_fatal(const char *reason)
{
	(void)reason;
	_exit(3);
}

/* A child process that reads bitcode for us, started again when it dies. */
static pid_t server = -1;
static int to_server = -1, from_server = -1;
static unsigned long served;

/* libFuzzer's timer interrupts system calls: they are retried */
static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n > 0) {
		ssize_t w = write(fd, c, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

static int read_all(int fd, void *p, size_t n)
{
	char *c = p;
	while (n > 0) {
		ssize_t r = read(fd, c, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* Waits up to ms for fd to be readable; 0 when it is. */
static int wait_readable(int fd, int ms)
{
	struct pollfd p = {fd, POLLIN, 0};
	for (;;) {
		int n = poll(&p, 1, ms);
		if (n < 0 && errno == EINTR)
			continue;
		return n == 1 ? 0 : -1;
	}
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TC_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TC_ASAN 1
#endif
#ifdef TC_ASAN
#include <sanitizer/common_interface_defs.h>
static void die_quietly(void)
{
	_exit(4);
}
#endif

static void ignore_diagnostic(LLVMDiagnosticInfoRef di, void *ud)
{
	(void)di;
	(void)ud;
}

/*
 * Bitcode that LLVM reads and verifies, printed as text IR (freed with
 * LLVMDisposeMessage); NULL when it does not. The fuzzer then reads the
 * text, not the bitcode, in its own process: LLVM's bitcode reader makes
 * wild reads on some malformed input that do not fault every time, so that
 * surviving it here says little about surviving it again there; its text
 * parser checks what it reads.
 */
static char *bitcode_as_text(const uint8_t *data, size_t len)
{
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMContextSetDiagnosticHandler(ctx, ignore_diagnostic, NULL);
	LLVMMemoryBufferRef mb =
		LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)data, len, "fuzz.bc");
	LLVMModuleRef mod = NULL;
	char *text = NULL;
	if (mb && !LLVMParseBitcodeInContext2(ctx, mb, &mod)) {
		char *msg = NULL;
		if (!LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg))
			text = LLVMPrintModuleToString(mod);
		LLVMDisposeMessage(msg);
		LLVMDisposeModule(mod);
	}
	if (mb)
		LLVMDisposeMemoryBuffer(mb);
	LLVMContextDispose(ctx);
	return text;
}

static void serve(int in, int out)
{
#ifdef TC_ASAN
	/* a sanitizer's report on LLVM's code ends the server, not the fuzzer
	 * (whose death callback would save the input as a crash of ours) */
	__sanitizer_set_death_callback(die_quietly);
#endif
	/* LLVM's crash is not ours: no sanitizer report, no output */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	signal(SIGABRT, SIG_DFL);
	signal(SIGFPE, SIG_DFL);
	signal(SIGILL, SIG_DFL);
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, 2);
	tc_llvm_set_fatal_handler(on_fatal);
	for (;;) {
		size_t len;
		if (read_all(in, &len, sizeof len))
			_exit(0);
		uint8_t *buf = malloc(len ? len : 1);
		if (!buf || read_all(in, buf, len))
			_exit(0);
		char *text = NULL;
		size_t tlen = 0;
		if (strcmp(file_name(buf, len), "fuzz.bc") == 0) {
			text = bitcode_as_text(buf, len);
			tlen = text ? strlen(text) : 0;
		}
		/* then everything the reader does, on what the fuzzer will read */
		tc_module *m = NULL;
		tc_diag d;
		const uint8_t *what = text ? (const uint8_t *)text : buf;
		size_t wlen = text ? tlen : len;
		if (tc_parse_llvm(&m, file_name(what, wlen), what, wlen, NULL, NULL, &d) == TC_OK)
			tc_module_free(m);
		free(buf);
		/* 'k' (read what you sent) or 't', the length and the text */
		int rc = text ? write_all(out, "t", 1) || write_all(out, &tlen, sizeof tlen) ||
					write_all(out, text, tlen)
			      : write_all(out, "k", 1);
		LLVMDisposeMessage(text);
		if (rc)
			_exit(0);
	}
}

static void stop_server(void)
{
	if (server <= 0)
		return;
	kill(server, SIGKILL);
	close(to_server);
	close(from_server);
	int ws;
	while (waitpid(server, &ws, 0) < 0)
		;
	server = -1;
}

static int start_server(void)
{
	int a[2], b[2];
	if (pipe(a) || pipe(b))
		return -1;
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(a[1]);
		close(b[0]);
		serve(a[0], b[1]);
	}
	close(a[0]);
	close(b[1]);
	server = pid;
	to_server = a[1];
	from_server = b[0];
	served = 0;
	return 0;
}

/* Whether LLVM survives the input, read by the server; *text is then its
 * text IR when it was bitcode that LLVM could read (free it). */
static int llvm_survives(const uint8_t *data, size_t size, char **text)
{
	*text = NULL;
	static unsigned long skipped;
	signal(SIGPIPE, SIG_IGN);
	/* LLVM leaks on its error paths: a fresh server now and then */
	if (server > 0 && served >= 20000)
		stop_server();
	if (server <= 0 && start_server())
		return 1; /* read it here then */
	char ok;
	served++;
	/* LLVM may also take very long on an input (a size it loops over):
	 * after 5 s that counts as not surviving it */
	if (!write_all(to_server, &size, sizeof size) && !write_all(to_server, data, size) &&
	    !wait_readable(from_server, 5000) && !read_all(from_server, &ok, 1)) {
		if (ok == 'k')
			return 1;
		size_t tlen;
		if (!read_all(from_server, &tlen, sizeof tlen) && (*text = malloc(tlen + 1)) &&
		    !read_all(from_server, *text, tlen)) {
			(*text)[tlen] = '\0';
			return 1;
		}
		free(*text);
		*text = NULL;
	}
	stop_server();
	skipped++;
	if (getenv("TC_FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz_llvm: LLVM does not survive this input; %lu so far\n",
			skipped);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the bitcode reader trusts its input (about 3% of single byte changes
	 * to a kernel's bitcode end the process), and the verifier loops on
	 * some debug info, text or bitcode */
	char *text;
	if (!llvm_survives(data, size, &text))
		return 0;
	if (text) { /* bitcode: read as text from here on */
		data = (const uint8_t *)text;
		size = strlen(text);
	} else if (strcmp(file_name(data, size), "fuzz.bc") == 0) {
		/* bitcode LLVM rejects: rejected in the child, which runs the
		 * reader's error path; a second read here could fault in LLVM */
		return 0;
	}
	const char *name = file_name(data, size);
	uint64_t h = fuzz_hash(data, size);
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	tc_module *m = NULL;
	tc_diag d;
	int rc = tc_parse_llvm(&m, name, data, size, NULL, &counting, &d);
	if (rc) {
		check(rc == TC_EPARSE || rc == TC_EINVAL, "reading fails with TC_EPARSE or TC_EINVAL");
		check(m == NULL, "a failed read returns no module");
		check(d.message[0] != '\0', "a read error has a message");
		check(strcmp(d.file, name) == 0, "a read error names the file");
		check(d.col == 0 || d.line > 0, "a column comes with a line");
	} else {
		check(tc_module_graph_count(m) >= 1 || tc_module_warning_count(m) >= 1,
		      "a module read has a graph, or a warning that it has none");
		fuzz_solve_module("fuzz_llvm", "fuzz.ll", m, h, MAX_BLOCKS);
		fuzz_calls("fuzz_llvm", m, h, MAX_BLOCKS);
		tc_module_free(m);
	}
	/* the reader, failing one of its allocations */
	if (b.calls) {
		budget f = {0, 1 + h % b.calls};
		tc_allocator failing = budget_allocator(&f);
		m = NULL;
		int frc = tc_parse_llvm(&m, name, data, size, NULL, &failing, &d);
		check(frc == TC_ENOMEM || frc == rc, "a failed allocation in the reader is TC_ENOMEM");
		if (frc == TC_OK)
			tc_module_free(m);
		else
			check(m == NULL, "a failed read returns no module");
	}
	free(text);
	return 0;
}
