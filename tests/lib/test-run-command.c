/*
 * test-run-command.c - child processes and the parallel runners.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "run-command.h"
#include "unit.h"

static int run_argv(struct child_process *cp, const char *const *argv)
{
	child_process_init(cp);
	strlist_pushv(&cp->args, argv);
	return run_command(cp);
}

static void test_exit_code_and_output(void)
{
	const char *argv[] = { "sh", "-c", "echo out; echo err >&2; exit 3",
			       NULL };
	struct child_process cp;

	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	cp.capture_out = 1;
	cp.capture_err = 1;
	check_int(run_command(&cp), 3);
	check_str(cp.out.buf, "out\n");
	check_str(cp.err.buf, "err\n");
	child_process_clear(&cp);
}

static void test_signal_is_128_plus(void)
{
	const char *argv[] = { "sh", "-c", "kill -TERM $$", NULL };
	struct child_process cp;

	check_int(run_argv(&cp, argv), 128 + 15);
	child_process_clear(&cp);
}

static void test_missing_program_is_enoent(void)
{
	const char *argv[] = { "kmigrate-no-such-program", NULL };
	struct child_process cp;

	errno = 0;
	check_int(run_argv(&cp, argv), -1);
	check_int(errno, ENOENT);
	child_process_clear(&cp);
}

static void test_argv_is_not_a_shell_string(void)
{
	const char *argv[] = { "printf", "%s|", "a b", "$HOME", NULL };
	struct child_process cp;

	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	cp.capture_out = 1;
	check_int(run_command(&cp), 0);
	check_str(cp.out.buf, "a b|$HOME|");
	child_process_clear(&cp);
}

/* cp.env adds, replaces and removes; the parent's own is left alone */
static void test_environment(void)
{
	const char *argv[] = { "sh", "-c",
			       "echo \"$KM_A|$KM_B|${KM_C-unset}\"; "
			       "env | grep -c '^KM_B='",
			       NULL };
	struct child_process cp;

	setenv("KM_B", "parent", 1);
	setenv("KM_C", "parent", 1);
	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	strlist_push(&cp.env, "KM_A=added");
	strlist_push(&cp.env, "KM_B=replaced");
	strlist_push(&cp.env, "KM_C");
	cp.capture_out = 1;
	check_int(run_command(&cp), 0);
	check_str(cp.out.buf, "added|replaced|unset\n1\n");
	CU_ASSERT_PTR_NULL(getenv("KM_A"));
	check_str(getenv("KM_B"), "parent");
	check_str(getenv("KM_C"), "parent");
	child_process_clear(&cp);
	unsetenv("KM_B");
	unsetenv("KM_C");
}

static void test_timeout_kills_the_group(void)
{
	const char *argv[] = { "sh", "-c", "sleep 30 & sleep 30", NULL };
	struct child_process cp;
	double start = km_now();

	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	cp.capture_out = 1; /* the grandchild holds the pipe too */
	cp.timeout_sec = 1;
	check_int(run_command(&cp), 128 + 9);
	CU_ASSERT_TRUE(cp.timed_out);
	CU_ASSERT_TRUE(km_now() - start < 10);
	child_process_clear(&cp);
}

struct echo_jobs {
	int next, total, finished, failures;
	char seen[8];
};

static int next_echo(struct child_process *cp, void *cb, void **task_cb)
{
	struct echo_jobs *jobs = cb;

	if (jobs->next == jobs->total)
		return 0;
	strlist_push(&cp->args, "sh");
	strlist_push(&cp->args, "-c");
	/* later jobs finish first: output must still arrive whole */
	strlist_pushf(&cp->args, "sleep 0.%d; echo job%d; echo part2",
		      jobs->total - jobs->next, jobs->next);
	*task_cb = &jobs->seen[jobs->next++];
	return 1;
}

static void echo_done(int result, struct child_process *cp, void *cb,
		      void *task_cb)
{
	struct echo_jobs *jobs = cb;
	char *seen = task_cb;
	char expect[32];

	snprintf(expect, sizeof(expect), "job%d\npart2\n",
		 (int)(seen - jobs->seen));
	if (result != 0 || strcmp(cp->out.buf, expect))
		jobs->failures++;
	*seen = 1;
	jobs->finished++;
}

static void test_parallel_processes_keep_output_whole(void)
{
	struct echo_jobs jobs = { 0, 6, 0, 0, { 0 } };
	struct parallel_processes_opts opts = { 3, next_echo, echo_done,
						&jobs };
	int i;

	check_int(run_processes_parallel(&opts), 0);
	check_int(jobs.finished, 6);
	check_int(jobs.failures, 0);
	for (i = 0; i < 6; i++)
		check_int(jobs.seen[i], 1);
}

static void square(size_t index, void *cb)
{
	long *slots = cb;

	slots[index] = (long)(index * index);
}

static void test_parallel_tasks_cover_every_index(void)
{
	long slots[1000];
	size_t i;
	int bad = 0;

	memset(slots, 0xff, sizeof(slots));
	run_tasks_parallel(4, 1000, square, slots);
	for (i = 0; i < 1000; i++)
		bad += slots[i] != (long)(i * i);
	check_int(bad, 0);
}

static const struct unit_test tests[] = {
	{ "exit code, stdout and stderr are collected",
	  test_exit_code_and_output },
	{ "a child killed by a signal returns 128+signal",
	  test_signal_is_128_plus },
	{ "a missing program fails with ENOENT, not exit 127",
	  test_missing_program_is_enoent },
	{ "arguments reach the child verbatim, no shell",
	  test_argv_is_not_a_shell_string },
	{ "the child's environment: added, replaced, removed, the "
	  "parent's untouched",
	  test_environment },
	{ "a timeout kills the child's whole process group",
	  test_timeout_kills_the_group },
	{ "parallel children never interleave their output",
	  test_parallel_processes_keep_output_whole },
	{ "parallel tasks visit every index once",
	  test_parallel_tasks_cover_every_index },
	{ NULL, NULL }
};

UNIT_MAIN("run-command", tests)
