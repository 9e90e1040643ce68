/*
 * test-parse-options.c - the option parser every command uses.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parse-options.h"
#include "strbuf.h"
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
	int n = parse_options(10, argv, opts, usage, "test", 0);

	check_int(n, 2);
	check_str(argv[0], "TREE");
	check_str(argv[1], "-odd");
	check_int(in_place, 1);
	check_int(jobs, 4);
	check_str(format, "json");
	check_int(cc.nr, 2);
	strlist_clear(&cc, 0);
}

/*
 * run parse_options in a child and return its exit status; its stderr
 * into err (may be NULL)
 */
static int run_child(const char **argv, int argc, unsigned int flags,
		     struct strbuf *err)
{
	int jobs = 0, status;
	const char *const formats[] = { "text", NULL };
	const char *format = NULL;
	struct option opts[] = { OPT_JOBS_INT('j', "jobs", &jobs, "N", "jobs"),
				 OPT_CHOICE(0, "format", &format, "FMT",
					    formats, "output"),
				 OPT_END() };
	char path[] = "/tmp/test-parse-options-XXXXXX";
	int fd = mkstemp(path);
	pid_t pid;

	CU_ASSERT_FATAL(fd >= 0);
	pid = fork();
	if (!pid) {
		freopen("/dev/null", "w", stdout);
		dup2(fd, 2);
		parse_options(argc, argv, opts, usage, "test", flags);
		exit(0);
	}
	waitpid(pid, &status, 0);
	if (err)
		strbuf_read_file(err, path);
	close(fd);
	unlink(path);
	return WEXITSTATUS(status);
}

static int exit_status_of(const char **argv, int argc)
{
	return run_child(argv, argc, 0, NULL);
}

static void test_bad_input_exits_2(void)
{
	const char *unknown[] = { "test", "--frobnicate", NULL };
	const char *no_value[] = { "test", "-j", NULL };
	const char *not_number[] = { "test", "-j", "many", NULL };
	const char *bad_choice[] = { "test", "--format", "xml", NULL };

	check_int(exit_status_of(unknown, 2), 2);
	check_int(exit_status_of(no_value, 2), 2);
	check_int(exit_status_of(not_number, 3), 2);
	check_int(exit_status_of(bad_choice, 3), 2);
}

static void test_size(void)
{
	size_t size = 0;
	struct option opts[] = { OPT_SIZE(0, "max", &size, "SIZE", "cap"),
				 OPT_END() };
	const char *k[] = { "test", "--max=4k", NULL };
	const char *m[] = { "test", "--max", "16M", NULL };
	const char *g[] = { "test", "--max=2G", NULL };
	const char *b[] = { "test", "--max=100", NULL };

	check_int(parse_options(2, k, opts, usage, "test", 0), 0);
	check_int(size, 4096);
	check_int(parse_options(3, m, opts, usage, "test", 0), 0);
	check_int(size, (size_t)16 << 20);
	check_int(parse_options(2, g, opts, usage, "test", 0), 0);
	check_int(size, (size_t)2 << 30);
	check_int(parse_options(2, b, opts, usage, "test", 0), 0);
	check_int(size, 100);
}

static void test_help_exits_0(void)
{
	const char *help[] = { "test", "--help", NULL };
	const char *h[] = { "test", "-h", NULL };

	check_int(exit_status_of(help, 2), 0);
	check_int(exit_status_of(h, 2), 0);
}

static void test_long_option_named_without_value(void)
{
	const char *zero[] = { "test", "--jobs=0", NULL };
	struct strbuf err = STRBUF_INIT;

	check_int(run_child(zero, 2, 0, &err), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.buf, "option '--jobs' needs a "
					       "number of jobs from 1 to "
					       "4096, not '0'"));
	strbuf_release(&err);
}

/* the global options of main(): up to the command's name */
static void test_stop_at_non_option(void)
{
	int quiet = 1, jobs = 0;
	struct option opts[] = {
		OPT_SET_INT('q', "quiet", &quiet, 0, "quiet"),
		OPT_JOBS_INT('j', "jobs", &jobs, "N", "jobs"),
		OPT_END(),
	};
	const char *argv[] = { "kmigrate", "-q", "-j3",	 "scan",
			       "-j",	   "0",	 "TREE", NULL };
	const char *after_dashes[] = { "kmigrate", "--", "-scan", NULL };
	int n = parse_options(7, argv, opts, usage, NULL,
			      PARSE_OPT_STOP_AT_NON_OPTION);

	check_int(n, 4);
	check_str(argv[0], "scan");
	check_str(argv[1], "-j");
	check_str(argv[2], "0");
	check_str(argv[3], "TREE");
	CU_ASSERT_PTR_NULL(argv[4]);
	check_int(quiet, 0);
	check_int(jobs, 3);
	n = parse_options(3, after_dashes, opts, usage, NULL,
			  PARSE_OPT_STOP_AT_NON_OPTION);
	check_int(n, 1);
	check_str(after_dashes[0], "-scan");
}

/* OPT_SET_INT: the last of -q and -v wins, as they come */
static void test_set_int(void)
{
	int verbosity = 1;
	struct option opts[] = {
		OPT_SET_INT('q', "quiet", &verbosity, 0, "quiet"),
		OPT_SET_INT('v', "verbose", &verbosity, 2, "verbose"),
		OPT_END(),
	};
	const char *qv[] = { "test", "-qv", NULL };
	const char *vq[] = { "test", "--verbose", "--quiet", NULL };

	check_int(parse_options(2, qv, opts, usage, "test", 0), 0);
	check_int(verbosity, 2);
	check_int(parse_options(3, vq, opts, usage, "test", 0), 0);
	check_int(verbosity, 0);
}

/* PARSE_OPT_NO_INTERNAL_HELP: "-h" is the table's, if it has one */
static void test_no_internal_help(void)
{
	int help = 0;
	struct option opts[] = {
		OPT_BOOL('h', "help", &help, "show this help"),
		OPT_END(),
	};
	const char *argv[] = { "kmigrate", "-h", "scan", NULL };
	const char *h[] = { "test", "-h", NULL };

	check_int(parse_options(3, argv, opts, usage, NULL,
				PARSE_OPT_STOP_AT_NON_OPTION |
					PARSE_OPT_NO_INTERNAL_HELP),
		  1);
	check_int(help, 1);
	check_str(argv[0], "scan");
	/* without an entry for it, -h is an unknown option */
	check_int(run_child(h, 2, PARSE_OPT_NO_INTERNAL_HELP, NULL), 2);
}

static const struct unit_test tests[] = {
	{ "options and operands may be mixed", test_options_and_operands_mix },
	{ "a size takes a K, M or G suffix", test_size },
	{ "a long option's error names it without its value",
	  test_long_option_named_without_value },
	{ "PARSE_OPT_STOP_AT_NON_OPTION stops at the command",
	  test_stop_at_non_option },
	{ "OPT_SET_INT: the last one given wins", test_set_int },
	{ "PARSE_OPT_NO_INTERNAL_HELP leaves -h to the table",
	  test_no_internal_help },
	{ "unknown options and bad values exit 2", test_bad_input_exits_2 },
	{ "-h and --help exit 0", test_help_exits_0 },
	{ NULL, NULL }
};

UNIT_MAIN("parse-options", tests)
