/*
 * parallel.c - reading and solving many inputs at once (-j), with the
 * output of a serial run.
 *
 * cli_parallel runs a command's tasks (one input read, one graph solved)
 * on worker threads. The libraries are reentrant: each read has its own
 * LLVM context and SPIRV-Tools context, and a solve touches only its graph.
 * What a task says goes through cli_msg into a buffer of its own; the
 * calling thread writes the buffers to standard error in task order, each
 * once the tasks before it are done. A run with one job takes the same path
 * in the calling thread, so any -j gives the same bytes.
 *
 * Under isolation (isolate.c) standard error is set aside for the whole of
 * a parallel run: a crash, an LLVM fatal error or a time-out then cannot be
 * pinned on one input, and the command is run again with one job, which
 * gives the serial run's message (cli_watch_runner_begin).
 */
#define _GNU_SOURCE /* open_memstream */
#include "parallel.h"
#include "msg.h"
#include "isolate.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>


typedef struct slot {
	char *text;
	size_t len;
	int done;
} slot;

typedef struct runner {
	void (*task)(void *ctx, size_t i);
	void *ctx;
	slot *slots;
	size_t n, next, skip;
	int out_fd;
	pthread_mutex_t lock;
	pthread_cond_t done;
} runner;

/* Task i, its messages kept in its slot. */
static void run_one(runner *r, size_t i)
{
	slot *s = &r->slots[i];
	FILE *m = open_memstream(&s->text, &s->len);
	cli_msg_to(m); /* NULL when out of memory: straight to stderr */
	cli_watch_task(i);
	r->task(r->ctx, i);
	cli_msg_to(NULL);
	if (m)
		fclose(m);
}

/* Writes slot i's messages (dropped when an earlier attempt wrote them). */
static void flush_one(runner *r, size_t i)
{
	slot *s = &r->slots[i];
	for (size_t at = 0; i >= r->skip && at < s->len;) {
		ssize_t w = write(r->out_fd, s->text + at, s->len - at);
		if (w <= 0)
			break; /* standard error is gone: nowhere to say so */
		at += (size_t)w;
	}
	free(s->text);
	s->text = NULL;
	cli_watch_runner_flushed(i + 1);
}

typedef struct worker {
	runner *r;
	int index;
	pthread_t thread;
} worker;

static void *work(void *arg)
{
	worker *w = arg;
	runner *r = w->r;
	cli_watch_slot(w->index);
	for (;;) {
		pthread_mutex_lock(&r->lock);
		size_t i = r->next < r->n ? r->next++ : r->n;
		pthread_mutex_unlock(&r->lock);
		if (i == r->n)
			return NULL;
		run_one(r, i);
		pthread_mutex_lock(&r->lock);
		r->slots[i].done = 1;
		pthread_cond_signal(&r->done);
		pthread_mutex_unlock(&r->lock);
	}
}

/* A worker's stack: as large as the main thread may grow (LLVM's readers
 * recurse), at least 8 MiB. */
static size_t stack_size(void)
{
	struct rlimit rl;
	size_t s = 8u << 20;
	if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur > s)
		s = rl.rlim_cur < (256u << 20) ? (size_t)rl.rlim_cur : 256u << 20;
	return s;
}

int cli_jobs(int asked)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return asked > 0 ? asked : cores > 0 ? (int)cores : 1;
}

int cli_workers(size_t n, int jobs)
{
	size_t nw = jobs < 1 ? 1 : (size_t)jobs;
	if (nw > CLI_MAX_THREADS)
		nw = CLI_MAX_THREADS;
	if (nw > n)
		nw = n ? n : 1;
	return cli_watch_serial() ? 1 : (int)nw;
}

int cli_parallel(size_t n, int jobs, void (*task)(void *ctx, size_t i), void *ctx)
{
	runner r = {task, ctx, calloc(n ? n : 1, sizeof(slot)), n, 0, 0, -1,
		    PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
	size_t nw = (size_t)cli_workers(n, jobs);
	worker *ws = nw > 1 ? calloc(nw, sizeof *ws) : NULL;
	if (!r.slots || (nw > 1 && !ws)) {
		free(r.slots);
		free(ws);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	fflush(stderr);
	r.out_fd = cli_watch_runner_begin((int)nw, &r.skip);
	if (r.out_fd < 0)
		r.out_fd = STDERR_FILENO;
	size_t started = 0;
	if (nw > 1) {
		pthread_attr_t attr;
		int attr_ok = pthread_attr_init(&attr) == 0;
		if (attr_ok)
			(void)pthread_attr_setstacksize(&attr, stack_size());
		for (; started < nw; started++) {
			ws[started] = (worker){&r, (int)started, 0};
			if (pthread_create(&ws[started].thread, attr_ok ? &attr : NULL, work,
					   &ws[started]))
				break;
		}
		if (attr_ok)
			pthread_attr_destroy(&attr);
	}
	if (started == 0) {
		/* one job, or no thread could start: all in this thread */
		for (size_t i = 0; i < n; i++) {
			run_one(&r, i);
			flush_one(&r, i);
		}
	} else {
		for (size_t i = 0; i < n; i++) {
			pthread_mutex_lock(&r.lock);
			while (!r.slots[i].done)
				pthread_cond_wait(&r.done, &r.lock);
			pthread_mutex_unlock(&r.lock);
			flush_one(&r, i);
		}
		for (size_t w = 0; w < started; w++)
			pthread_join(ws[w].thread, NULL);
	}
	cli_watch_runner_end(r.out_fd);
	free(ws);
	free(r.slots);
	return CLI_EXIT_OK;
}
