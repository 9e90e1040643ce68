/*
 * test-fork-tasks.c - tasks in forked workers: results back in the
 * caller, a crash the task's alone, run again in a fresh worker first.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fork-tasks.h"
#include "strbuf.h"
#include "unit.h"
#include "util.h"

#define NR_TASKS 40

struct tasks {
	int crash_on;  /* this task kills its worker, or -1 */
	int poisoned;  /* a worker's state: set by task poison_at */
	int poison_at; /* -1: none */
	int doubled[NR_TASKS];
	int crashed[NR_TASKS]; /* the status, or 0 */
	int done[NR_TASKS];
	size_t big; /* bytes of each result */
};

/*
 * How a worker that raised SIGSEGV ends: AddressSanitizer catches the
 * signal, reports it and exits 1
 */
#ifdef __SANITIZE_ADDRESS__
#define CRASH_STATUS 1
#else
#define CRASH_STATUS (128 + SIGSEGV)
#endif

/* in a worker: the task, doubled, as text; a crash where asked */
static void run(size_t task, struct strbuf *out, void *cb)
{
	struct tasks *t = cb;

	if ((int)task == t->poison_at)
		t->poisoned = 1; /* in this worker's memory only */
	if ((int)task == t->crash_on ||
	    (t->poisoned && (int)task == t->poison_at + 1))
		raise(SIGSEGV);
	strbuf_addf(out, "%zu", 2 * task);
	while (out->len < t->big)
		strbuf_addch(out, '.');
}

static void done(size_t task, const char *buf, size_t len, void *cb)
{
	struct tasks *t = cb;

	t->done[task]++;
	t->doubled[task] = atoi(buf);
	check_int(len >= t->big, 1);
}

static void crashed(size_t task, int status, void *cb)
{
	struct tasks *t = cb;

	t->crashed[task] = status;
}

static void run_all(struct tasks *t, int jobs)
{
	struct forked_tasks_opts opts = { .jobs = jobs,
					  .nr = NR_TASKS,
					  .run = run,
					  .done = done,
					  .crashed = crashed,
					  .cb = t };

	check_int(run_forked_tasks(&opts), 0);
}

static void init(struct tasks *t, int crash_on, int poison_at)
{
	memset(t, 0, sizeof(*t));
	t->crash_on = crash_on;
	t->poison_at = poison_at;
}

static void test_every_result_reaches_the_caller(void)
{
	struct tasks t;
	int i, jobs;

	for (jobs = 1; jobs <= 3; jobs++) {
		init(&t, -1, -1);
		t.big = 200000; /* more than a socket holds */
		run_all(&t, jobs);
		for (i = 0; i < NR_TASKS; i++) {
			check_int(t.done[i], 1);
			check_int(t.doubled[i], 2 * i);
			check_int(t.crashed[i], 0);
		}
	}
}

static void test_a_crash_is_the_task_s_alone(void)
{
	struct tasks t;
	int i, jobs;

	for (jobs = 1; jobs <= 3; jobs++) {
		init(&t, 17, -1);
		run_all(&t, jobs);
		for (i = 0; i < NR_TASKS; i++) {
			check_int(t.done[i], i != 17);
			check_int(t.crashed[i], i == 17 ? CRASH_STATUS : 0);
		}
	}
}

static void test_state_of_earlier_tasks_is_not_blamed(void)
{
	struct tasks t;
	int i;

	/* task 9 crashes only after task 8 in the same worker */
	init(&t, -1, 8);
	run_all(&t, 1);
	for (i = 0; i < NR_TASKS; i++) {
		check_int(t.done[i], 1);
		check_int(t.crashed[i], 0);
	}
}

static void test_exit_status_words(void)
{
	char *s = describe_exit_status(128 + SIGSEGV);

	check_str(s, "killed by signal 11 (Segmentation fault)");
	free(s);
	s = describe_exit_status(3);
	check_str(s, "exit status 3");
	free(s);
}

static const struct unit_test tests[] = {
	{ "every result reaches the caller, -j 1 to 3, large ones too",
	  test_every_result_reaches_the_caller },
	{ "a task that crashes is that task's alone",
	  test_a_crash_is_the_task_s_alone },
	{ "a crash earlier tasks caused runs again alone, and passes",
	  test_state_of_earlier_tasks_is_not_blamed },
	{ "the words of an exit status", test_exit_status_words },
	{ NULL, NULL }
};

UNIT_MAIN("fork-tasks", tests)
