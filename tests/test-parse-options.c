/*
 * test-parse-options.c - the option parser every command uses.
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parse-options.h"
#include "strlist.h"
#include "unit.h"

static const char *const usage[] = { "kmigrate test [options] TREE", NULL };

static void test_options_and_operands_mix(void)
{
	int in_place = 0, jobs = 0;
	const char *format = "text";
	struct strlist cc = STRLIST_INIT;
	const char *const formats[] = { "text", "json", "sarif", NULL };
	struct option opts[] = {
		OPT_BOOL(0, "in-place", &in_place, "write the files"),
		OPT_INT('j', "jobs", &jobs, "N", "jobs"),
		OPT_CHOICE(0, "format", &format, "FMT", formats, "output"),
		OPT_LIST(0, "cc", &cc, "ADDR", "copy to"), OPT_END()
	};
	const char *argv[] = {
		"test", "TREE", "--in-place", "-j4", "--format=json",
		"--cc", "a@x",	"--cc=b@x",   "--",  "-odd",
		NULL
	};
	int n = parse_options(10, argv, opts, usage, "test");

	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_STRING_EQUAL(argv[0], "TREE");
	CU_ASSERT_STRING_EQUAL(argv[1], "-odd");
	CU_ASSERT_EQUAL(in_place, 1);
	CU_ASSERT_EQUAL(jobs, 4);
	CU_ASSERT_STRING_EQUAL(format, "json");
	CU_ASSERT_EQUAL(cc.nr, 2);
	strlist_clear(&cc, 0);
}

/* run parse_options in a child and return its exit status */
static int exit_status_of(const char **argv, int argc)
{
	int jobs = 0, status;
	const char *const formats[] = { "text", NULL };
	const char *format = NULL;
	struct option opts[] = { OPT_INT('j', "jobs", &jobs, "N", "jobs"),
				 OPT_CHOICE(0, "format", &format, "FMT",
					    formats, "output"),
				 OPT_END() };
	pid_t pid = fork();

	if (!pid) {
		freopen("/dev/null", "w", stdout);
		freopen("/dev/null", "w", stderr);
		parse_options(argc, argv, opts, usage, "test");
		exit(0);
	}
	waitpid(pid, &status, 0);
	return WEXITSTATUS(status);
}

static void test_bad_input_exits_2(void)
{
	const char *unknown[] = { "test", "--frobnicate", NULL };
	const char *no_value[] = { "test", "-j", NULL };
	const char *not_number[] = { "test", "-j", "many", NULL };
	const char *bad_choice[] = { "test", "--format", "xml", NULL };

	CU_ASSERT_EQUAL(exit_status_of(unknown, 2), 2);
	CU_ASSERT_EQUAL(exit_status_of(no_value, 2), 2);
	CU_ASSERT_EQUAL(exit_status_of(not_number, 3), 2);
	CU_ASSERT_EQUAL(exit_status_of(bad_choice, 3), 2);
}

static void test_help_exits_0(void)
{
	const char *help[] = { "test", "--help", NULL };
	const char *h[] = { "test", "-h", NULL };

	CU_ASSERT_EQUAL(exit_status_of(help, 2), 0);
	CU_ASSERT_EQUAL(exit_status_of(h, 2), 0);
}

static const struct unit_test tests[] = {
	{ "options and operands may be mixed", test_options_and_operands_mix },
	{ "unknown options and bad values exit 2", test_bad_input_exits_2 },
	{ "-h and --help exit 0", test_help_exits_0 },
	{ NULL, NULL }
};

UNIT_MAIN("parse-options", tests)
