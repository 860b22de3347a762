/*
 * isolate.c - runs a command in a child process, so that a library below us
 * that cannot return from an error ends in a message and exit status 2, not
 * in a signal. LLVM's bitcode reader crashes on some malformed bitcode that
 * it does not check (a segfault in its metadata loader), and stops the
 * process on others (report_fatal_error; "LLVM ERROR: out of memory" after a
 * huge request that the input asked for); neither can be caught in the
 * process that called it.
 *
 * The parent forks, passes SIGINT, SIGQUIT, SIGTERM and SIGHUP on (a
 * signal sent to the parent alone, as kill(1) sends it, reaches the
 * command; one sent to the process group as a terminal does reaches it
 * twice, which is the same), and waits. The child dies with the parent, also
 * when the parent is killed by SIGKILL (PR_SET_PDEATHSIG). The child runs
 * the command and records in a page shared with the parent what it is
 * doing: which input it reads, or that it solves or writes. While an input
 * is read or a report rendered,
 * the child's standard error goes to a file the parent made, so that what
 * LLVM prints on its way down (its "LLVM ERROR" lines), or graphviz and the
 * font libraries under it when memory runs out, is the parent's to turn into
 * a message; the library itself prints nothing. When the child ends normally its status is
 * the command's. When it is killed by a signal that a user sends (SIGINT,
 * SIGTERM, SIGHUP, SIGPIPE), the parent dies of the same signal. When it
 * stopped while reading one input (after a parallel attempt, a serial one
 * tells which), that input is put on a list in the shared page with what
 * stopped it, and the command runs again with one job, silent up to that
 * input, which it then reports as
 *
 *   k.bc: error: LLVM failed reading this input (SIGSEGV): it is malformed
 *
 * while the other inputs go on (exit status 2). Elsewhere, the parent
 * reports where the child stopped and exits 2. Reading one input may take
 * --timeout seconds (LLVM's
 * verifier loops forever on some malformed metadata); past that the child
 * is killed, the input put on a list in the shared page, and the command
 * run again with one job, silent up to that input, which it then reports
 * as not read in time (cli_watch_gave_up): the other inputs go on. A
 * sanitizer's report printed while reading is passed on whole, so that a
 * bug of ours is never hidden as one of LLVM's.
 *
 * THREADCONV_NO_ISOLATE=1 in the environment runs the command in the
 * process itself (for a debugger; reading then has no time limit);
 * THREADCONV_READ_SECONDS=N is the time limit on reading when --timeout is
 * not given (tests).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _XOPEN_SOURCE 700 /* nftw */
#include "isolate.h"
#include "msg.h"
#include "util/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What one thread of the child reads (slot 0: the command's own thread). */
typedef struct watch_slot {
	volatile sig_atomic_t phase; /* CLI_PHASE_* */
	volatile double deadline;    /* CLI_PHASE_READ: when reading is given up */
	volatile double limit;       /* its time limit, in seconds */
	volatile int runner;         /* the task reading: its runner (from 1) */
	volatile long task;          /* and its index, or -1 outside a runner */
	char input[1024];            /* the input being read */
} watch_slot;

/* An input whose reading was given up: a task of a runner (cli_parallel's
 * calls, counted from 1, the same in every attempt). */
typedef struct gave_up {
	int runner;
	long task;
	double limit;  /* past its time limit, of so many seconds; or */
	char why[240]; /* stopped the process so ("LLVM failed reading this input ...") */
} gave_up;
#define GAVE_UP_MAX 256

/* What the child is doing, in memory shared with the parent. */
typedef struct watch {
	watch_slot slot[CLI_MAX_THREADS];
	volatile sig_atomic_t timed_out;
	char fatal[512];             /* the reason of an LLVM fatal error */
	/* cli_parallel: runners begun, whether one with several threads runs,
	 * and how many of its tasks' messages are written */
	volatile sig_atomic_t runners, parallel;
	volatile size_t flushed;
	/* the second attempt after a parallel one failed: one job, and silent
	 * until runner quiet_until, whose first skip tasks' messages are out */
	volatile sig_atomic_t serial, quiet_until;
	volatile size_t skip;
	char folder[4096]; /* the sources' private folder while it exists */
	/* the inputs given up, kept from one attempt to the next */
	volatile sig_atomic_t ngave_up;
	gave_up gave_up[GAVE_UP_MAX];
} watch;

/*
 * How long reading one input may take (--timeout): LLVM's verifier loops
 * forever on some metadata whose scopes form a cycle, which its bitcode
 * reader accepts. Reading at 300,000 blocks (about 20 MB of bitcode) takes
 * about 3 s, so the default is far above what a real input needs.
 */
static double read_limit = -1;

void cli_watch_timeout(double seconds)
{
	read_limit = seconds;
}

/* --timeout, else THREADCONV_READ_SECONDS=N (tests), else the default;
 * 0: none */
static double read_seconds(void)
{
	if (read_limit >= 0)
		return read_limit;
	const char *s = getenv("THREADCONV_READ_SECONDS");
	double v = s ? atof(s) : 0;
	return v > 0 ? v : CLI_TIMEOUT_DEFAULT;
}

static watch *shared;
static int capture_fd = -1; /* the file standard error goes to while reading */
static int saved_stderr = -1;
static int real_stderr = -1; /* a second attempt's, while it is silent */
static volatile pid_t child_pid;
static _Thread_local int my_slot;
static _Thread_local long my_task = -1;
static int my_runner; /* the runner that runs now (they do not nest while reading) */

void cli_watch_slot(int slot)
{
	my_slot = slot;
}

void cli_watch_task(size_t task)
{
	my_task = (long)task;
}

int cli_watch_gave_up(double *limit, const char **why)
{
	for (int k = 0; shared && my_task >= 0 && k < shared->ngave_up; k++)
		if (shared->gave_up[k].runner == my_runner && shared->gave_up[k].task == my_task) {
			*limit = shared->gave_up[k].limit;
			*why = shared->gave_up[k].why;
			return 1;
		}
	return 0;
}

/* Standard error into the capture file, its first bytes dropped. */
static void capture_on(void)
{
	if (ftruncate(capture_fd, 0) == 0 && lseek(capture_fd, 0, SEEK_SET) == 0 &&
	    (saved_stderr >= 0 || (saved_stderr = dup(2)) >= 0))
		(void)dup2(capture_fd, 2);
}

static void capture_off(void)
{
	if (saved_stderr >= 0)
		(void)dup2(saved_stderr, 2);
}

void cli_watch_phase(int phase, const char *input, long long bytes)
{
	if (!shared)
		return;
	watch_slot *s = &shared->slot[my_slot];
	(void)bytes;
	if (phase == CLI_PHASE_READ) {
		snprintf(s->input, sizeof s->input, "%s", input ? input : "");
		s->runner = my_runner;
		s->task = my_task;
		s->limit = read_seconds();
		s->deadline = s->limit > 0 ? tc__now() + s->limit : 1e300;
	}
	if (!shared->parallel) {
		/* in a parallel run, standard error is captured throughout */
		fflush(stderr);
		if (phase != CLI_PHASE_OTHER && capture_fd >= 0)
			capture_on();
		else
			capture_off();
	}
	s->phase = phase;
}

void cli_watch_folder(const char *path)
{
	if (shared)
		snprintf(shared->folder, sizeof shared->folder, "%s", path ? path : "");
}

int cli_watch_serial(void)
{
	return shared && shared->serial;
}

int cli_watch_runner_begin(int workers, size_t *skip)
{
	*skip = 0;
	if (!shared)
		return -1;
	int k = ++shared->runners;
	my_runner = k;
	if (shared->serial && k == shared->quiet_until) {
		/* where the first attempt stopped: speak again */
		(void)dup2(real_stderr, 2);
		if (saved_stderr >= 0)
			(void)dup2(real_stderr, saved_stderr);
		*skip = shared->skip;
	}
	int out = dup(2);
	shared->flushed = 0;
	if (workers > 1 && capture_fd >= 0) {
		capture_on();
		shared->parallel = 1;
	}
	return out;
}

void cli_watch_runner_flushed(size_t count)
{
	if (shared)
		shared->flushed = count;
}

void cli_watch_runner_end(int fd)
{
	if (shared && shared->parallel) {
		shared->parallel = 0;
		capture_off();
	}
	if (fd >= 0 && fd != STDERR_FILENO)
		close(fd);
}

/* report_fatal_error: keep the reason for the parent, and end. */
static void on_llvm_fatal(const char *reason)
{
	if (shared) {
		size_t n = strlen(reason);
		if (n >= sizeof shared->fatal)
			n = sizeof shared->fatal - 1;
		memcpy(shared->fatal, reason, n);
		shared->fatal[n] = '\0';
	}
	_exit(CLI_EXIT_ERROR + 100);
}

static void pass_on(int sig)
{
	if (child_pid > 0)
		kill(child_pid, sig);
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGABRT: return "SIGABRT";
	case SIGFPE: return "SIGFPE";
	case SIGILL: return "SIGILL";
	case SIGKILL: return "SIGKILL";
	case SIGTRAP: return "SIGTRAP";
	default: return "a signal";
	}
}

/* What the child printed while it read, up to cap - 1 bytes. */
static size_t captured(char *buf, size_t cap)
{
	size_t n = 0;
	if (capture_fd >= 0 && lseek(capture_fd, 0, SEEK_SET) == 0) {
		ssize_t got;
		while (n + 1 < cap && (got = read(capture_fd, buf + n, cap - 1 - n)) > 0)
			n += (size_t)got;
	}
	buf[n] = '\0';
	return n;
}

/* Why the child ended abnormally, into why (sig, or an LLVM fatal error
 * when sig is 0); the phase it was in (CLI_PHASE_OTHER after a sanitizer's
 * report, which is then shown: a bug of ours, or of LLVM's). */
static int reason(int sig, char *why, size_t cap)
{
	static char text[1 << 16];
	size_t n = captured(text, sizeof text);
	int phase = shared->slot[0].phase;
	if (phase != CLI_PHASE_OTHER && strstr(text, "Sanitizer")) {
		fwrite(text, 1, n, stderr);
		phase = CLI_PHASE_OTHER;
	}
	if (shared->timed_out)
		snprintf(why, cap, "it did not finish within %g s (--timeout)", shared->slot[0].limit);
	else if (sig == 0)
		snprintf(why, cap, "%s", shared->fatal);
	else if (strstr(text, "LLVM ERROR: out of memory"))
		snprintf(why, cap, "out of memory, %s", signal_name(sig));
	else if (sig == SIGKILL)
		snprintf(why, cap, "SIGKILL: out of memory?");
	else
		snprintf(why, cap, "%s", signal_name(sig));
	return phase;
}

/* What a stop while reading input name says: "LLVM failed reading this
 * input (SIGSEGV): it is malformed", into out. */
static void read_stop(char *out, size_t cap, const char *name, const char *why, int sig)
{
	size_t len = strlen(name);
	bool llvm = len > 3 && (strcmp(name + len - 3, ".ll") == 0 ||
				 strcmp(name + len - 3, ".bc") == 0);
	bool malformed = sig != SIGKILL && !shared->timed_out;
	int n = snprintf(out, cap, "%s reading this input (%s)%s",
			 llvm ? "LLVM failed" : "the reader stopped", why,
			 malformed ? ": it is malformed" : "");
	if (n < 0 || (size_t)n >= cap) /* cut short: it still ends where it must */
		out[cap - 1] = '\0';
}

/* The child ended abnormally (sig, or an LLVM fatal error when sig is 0). */
static int explain(int sig)
{
	char why[640];
	int phase = reason(sig, why, sizeof why);
	if (phase == CLI_PHASE_READ) {
		/* only LLVM stops a process on a malformed input; any reader may
		 * be killed or run out of time */
		const char *name = cli_input_name(shared->slot[0].input);
		char text[1024];
		read_stop(text, sizeof text, name, why, sig);
		fprintf(stderr, "%s: error: %s\n", name, text);
	}
	else if (phase == CLI_PHASE_WRITE)
		cli_error("stopped by %s while writing the report (graphviz, when the format "
			  "is svg, stops so when it runs out of memory)", why);
	else
		cli_error("stopped by %s while solving (a bug: please report it with the input)",
			  why);
	return CLI_EXIT_ERROR;
}

/* The signals the parent handles while a child runs, with what they had. */
static const int handled[4] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP};

static void restore_signals(const sigset_t *mask, const struct sigaction old[4])
{
	sigprocmask(SIG_SETMASK, mask, NULL);
	for (int k = 0; k < 4; k++)
		sigaction(handled[k], &old[k], NULL);
}

/* Whether some thread of the child reads an input; past_deadline: one
 * that is past its time for it. */
static bool reading(bool past_deadline)
{
	double t = tc__now();
	for (int k = 0; k < CLI_MAX_THREADS; k++)
		if (shared->slot[k].phase == CLI_PHASE_READ &&
		    (!past_deadline || t > shared->slot[k].deadline))
			return true;
	return false;
}

/* The tasks reading past their deadline onto the list of inputs given up
 * (one that is not a task, one already there, or no room: the run ends as
 * after a crash). */
static void give_up(void)
{
	double t = tc__now();
	for (int k = 0; k < CLI_MAX_THREADS; k++) {
		watch_slot *s = &shared->slot[k];
		bool known = false;
		for (int q = 0; q < shared->ngave_up; q++)
			known |= shared->gave_up[q].runner == s->runner &&
				 shared->gave_up[q].task == s->task;
		if (s->phase == CLI_PHASE_READ && t > s->deadline && s->task >= 0 && !known &&
		    shared->ngave_up < GAVE_UP_MAX)
			shared->gave_up[shared->ngave_up++] =
				(gave_up){s->runner, s->task, s->limit, ""};
	}
}

/* One attempt: the command in a child; *ws gets its wait status. 0, or -1
 * when the child is lost (said here). */
static int attempt(int (*run)(int, char **), int argc, char **argv, const sigset_t *chld,
		   const sigset_t *old_mask, const struct sigaction old[4], int *ws)
{
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		/* ends with the parent, even one killed by SIGKILL: no orphan
		 * goes on to write an -o file (the getppid() after it catches a
		 * parent that died before) */
#ifdef __linux__
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		if (getppid() != parent)
			_exit(CLI_EXIT_ERROR);
		/* the command as it would run alone */
		restore_signals(old_mask, old);
		if (shared->serial) {
			/* say nothing the first attempt said */
			int null = open("/dev/null", O_WRONLY);
			real_stderr = dup(2);
			if (null >= 0 && real_stderr >= 0)
				(void)dup2(null, 2);
		}
		tc_llvm_set_fatal_handler(on_llvm_fatal);
		int status = run(argc, argv);
		fflush(stdout);
		fflush(stderr);
		exit(status);
	}
	child_pid = pid;
	for (;;) {
		/* woken by the child's end (SIGCHLD) or every 100 ms to look at
		 * the time the child has spent reading */
		struct timespec tick = {0, 100 * 1000 * 1000};
		(void)sigtimedwait(chld, NULL, &tick);
		pid_t r = waitpid(pid, ws, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			cli_error("lost the worker process: %s", strerror(errno));
			return -1;
		}
		if (!shared->timed_out && reading(true)) {
			give_up();
			shared->timed_out = 1;
			kill(pid, SIGKILL);
		}
	}
	child_pid = 0;
	return 0;
}

/* Whether wait status ws is a user's signal (the parent then dies of it). */
static bool users_signal(int ws)
{
	if (!WIFSIGNALED(ws))
		return false;
	int sig = WTERMSIG(ws);
	return sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGPIPE ||
	       sig == SIGQUIT;
}

/*
 * After the child of a serial attempt stopped (ws) while its own thread read
 * an input of a runner's task (an LLVM crash or fatal error; not a time-out,
 * which give_up handles, nor a sanitizer's report, which is a bug to show):
 * that task onto the list of inputs given up, with what stopped it; true.
 * False when it is no such stop, or the task is on the list already (the
 * run then ends as before, with the message of explain).
 */
static bool stopped_reading(int ws)
{
	watch_slot *s = &shared->slot[0];
	if (s->phase != CLI_PHASE_READ || s->task < 0 || shared->timed_out ||
	    shared->ngave_up >= GAVE_UP_MAX)
		return false;
	for (int q = 0; q < shared->ngave_up; q++)
		if (shared->gave_up[q].runner == s->runner && shared->gave_up[q].task == s->task)
			return false;
	int sig = WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
	if (!sig && WEXITSTATUS(ws) != CLI_EXIT_ERROR + 100)
		snprintf(shared->fatal, sizeof shared->fatal, "exit status %d", WEXITSTATUS(ws));
	char why[640];
	if (reason(sig, why, sizeof why) != CLI_PHASE_READ)
		return false; /* a sanitizer's report */
	gave_up *g = &shared->gave_up[shared->ngave_up++];
	g->runner = s->runner;
	g->task = s->task;
	g->limit = 0;
	read_stop(g->why, sizeof g->why, cli_input_name(s->input), why, sig);
	return true;
}

/* Makes the next attempt a second one, with one job and silent until
 * runner quiet_until's task skip, or where an earlier attempt stopped when
 * that is further; the inputs given up are kept. */
static void again(int quiet_until, size_t skip)
{
	static gave_up kept[GAVE_UP_MAX];
	int nkept = shared->ngave_up;
	if (shared->serial && (shared->quiet_until > quiet_until ||
			       (shared->quiet_until == quiet_until && shared->skip > skip))) {
		quiet_until = shared->quiet_until;
		skip = shared->skip;
	}
	memcpy(kept, shared->gave_up, sizeof kept);
	memset(shared, 0, sizeof *shared);
	memcpy(shared->gave_up, kept, sizeof kept);
	shared->ngave_up = nkept;
	shared->serial = 1;
	shared->quiet_until = quiet_until;
	shared->skip = skip;
}

int cli_isolated(int (*run)(int, char **), int argc, char **argv)
{
	const char *no = getenv("THREADCONV_NO_ISOLATE");
	if (no && *no && strcmp(no, "0") != 0)
		return run(argc, argv);
	shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		      -1, 0);
	FILE *cap = tmpfile();
	if (shared == MAP_FAILED || !cap) {
		shared = NULL;
		return run(argc, argv); /* no isolation, rather than no command */
	}
	capture_fd = fileno(cap);
	memset(shared, 0, sizeof *shared);
	fflush(stdout);
	fflush(stderr);
	struct sigaction old[4], fwd;
	memset(&fwd, 0, sizeof fwd);
	fwd.sa_handler = pass_on;
	sigemptyset(&fwd.sa_mask);
	for (int k = 0; k < 4; k++) /* passed on to the child */
		sigaction(handled[k], &fwd, &old[k]);
	sigset_t chld, old_mask;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old_mask);
	int ws;
	for (;;) {
		int given_up = shared->ngave_up;
		int rc = attempt(run, argc, argv, &chld, &old_mask, old, &ws);
		if (rc > 0) {
			/* no child: the command as it would run alone */
			restore_signals(&old_mask, old);
			shared = NULL;
			return run(argc, argv);
		}
		if (rc < 0)
			return CLI_EXIT_ERROR;
		if (shared->folder[0])
			cli_remove_tree(shared->folder); /* the child did not live to */
		if (shared->timed_out && shared->ngave_up > given_up && WIFSIGNALED(ws) &&
		    WTERMSIG(ws) == SIGKILL) {
			/* reading an input was given up: again with one job, silent
			 * up to that input, which the child now reports */
			again(shared->runners, shared->flushed);
			continue;
		}
		bool failed = WIFEXITED(ws) ? WEXITSTATUS(ws) == CLI_EXIT_ERROR + 100 || reading(false)
					    : !users_signal(ws);
		if (failed && (!shared->parallel || shared->serial) && stopped_reading(ws)) {
			/* one input stopped the process: that input's error, and
			 * again with one job, silent up to it, so the others go on */
			again(shared->runners, shared->flushed);
			continue;
		}
		if (!failed || !shared->parallel || shared->serial)
			break;
		/* a parallel run failed, and which input did it cannot be told:
		 * again with one job, silent up to where this one stopped (a
		 * sanitizer's report is passed on first: it is a bug) */
		static char text[1 << 16];
		size_t n = captured(text, sizeof text);
		if (strstr(text, "Sanitizer"))
			fwrite(text, 1, n, stderr);
		again(shared->runners, shared->flushed);
	}
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	if (WIFEXITED(ws)) {
		int code = WEXITSTATUS(ws);
		if (code == CLI_EXIT_ERROR + 100)
			return explain(0);
		/* every way out of reading restores the phase: an exit inside it
		 * is LLVM's or a sanitizer's */
		if (shared->slot[0].phase == CLI_PHASE_READ) {
			snprintf(shared->fatal, sizeof shared->fatal, "exit status %d", code);
			return explain(0);
		}
		return code;
	}
	int sig = WTERMSIG(ws);
	if (users_signal(ws)) {
		signal(sig, SIG_DFL);
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
	}
	return explain(sig);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT ? 0 : 0;
}

void cli_remove_tree(const char *path)
{
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static volatile sig_atomic_t stop_signal;

void cli_stop_handler(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
}

int cli_stop_signal(void)
{
	return stop_signal;
}
