/*
 * test-series-prefix.c - subject prefixes from a tree's history: the
 * prefix of one subject, the most common of many, and git log run in a
 * scratch repository (and never in a repository above the tree).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "series-prefix.h"
#include "unit.h"
#include "util.h"

static void check_prefix(const char *subject, const char *want)
{
	char *got = subject_prefix(subject, strlen(subject));

	if (want) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(got);
		check_str(got, want);
	} else {
		CU_ASSERT_PTR_NULL(got);
	}
	free(got);
}

static void test_one_subject(void)
{
	check_prefix("Input: evdev - fix a leak", "Input");
	check_prefix("usb: gadget: f_fs: fix a race", "usb: gadget: f_fs");
	check_prefix("ASoC: SOF: ipc4: drop a check", "ASoC: SOF: ipc4");
	check_prefix("net/mlx5e: fix it", "net/mlx5e");
	/* no prefix: prose, a revert, a merge, a prefix with nothing after */
	check_prefix("Fix the build", NULL);
	check_prefix("Revert \"usb: gadget: fix it\"", NULL);
	check_prefix("Merge tag 'usb-6.1-rc1' of git://git.kernel.org", NULL);
	check_prefix("usb: ", NULL);
	check_prefix("[PATCH] usb: fix", NULL);
	check_prefix("treewide: convert", NULL);
	check_prefix("some words: then more", NULL);
}

static void test_most_common(void)
{
	char *p = subject_prefix_common("Input: a - one\n"
					"input: two\n"
					"Input: b - three\n"
					"Merge branch 'next'\n"
					"input: four\n"
					"Input: five\n");

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	check_str(p, "Input");
	free(p);
	/* a tie goes to the newest, the first line */
	p = subject_prefix_common("tty: one\nserial: two\ntty: three\n"
				  "serial: four\n");
	check_str(p, "tty");
	free(p);
	/* once is not a convention */
	CU_ASSERT_PTR_NULL(subject_prefix_common("tty: one\nserial: two\n"));
	CU_ASSERT_PTR_NULL(subject_prefix_common(""));
}

static int sh(const char *fmt, const char *dir)
{
	char *cmd = xstrfmt(fmt, dir, dir, dir, dir);
	int ret = system(cmd);

	free(cmd);
	return ret;
}

#define GIT                                                              \
	"GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null git -C '%s' " \
	"-c user.name=t -c user.email=t@example.org "

static void test_git_log(void)
{
	const char *tmp = getenv("TMPDIR");
	char *top = xstrfmt("%s/test-series-prefix.XXXXXX",
			    tmp && *tmp ? tmp : "/tmp");
	char *tree, *inner, *prefixes[3];
	const char *dirs[3] = { "drivers/input", "drivers/usb", "" };
	const char *inner_dirs[1] = { "input" };

	CU_ASSERT_FATAL(mkdtemp(top) != NULL);
	tree = xstrfmt("%s/linux", top);
	inner = xstrfmt("%s/linux/drivers", top);
	if (system("git --version >/dev/null 2>&1")) {
		fprintf(stderr, "(git is not installed: skipped)\n");
		goto out_free;
	}
	check_int_fatal(sh("mkdir -p '%s/drivers/input' "
			   "'%s/drivers/usb' && git init -q '%s' "
			   ">/dev/null",
			   tree),
			0);
	check_int_fatal(
		sh("cd '%s' && for i in 1 2 3; do "
		   "echo $i >>drivers/input/a.c && "
		   "echo $i >>drivers/usb/b.c && " GIT "add -A . && " GIT
		   "commit -q -m \"Input: evdev - c$i\" "
		   "-- drivers/input && " GIT "commit -q -m \"Merge x$i\" "
		   "-- drivers/usb; done",
		   tree),
		0);
	series_git_prefixes(tree, dirs, 3, prefixes, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(prefixes[0]);
	check_str(prefixes[0], "Input");
	CU_ASSERT_PTR_NULL(prefixes[1]); /* no prefix in its history */
	CU_ASSERT_PTR_NULL(prefixes[2]); /* no directory */
	free(prefixes[0]);
	/*
	 * a directory inside the repository is no tree with history: its
	 * input/ is the repository's drivers/input/, but not its own
	 */
	series_git_prefixes(inner, inner_dirs, 1, prefixes, 1);
	CU_ASSERT_PTR_NULL(prefixes[0]);
	free(prefixes[0]);
out_free:
	sh("rm -rf '%s'", top);
	free(inner);
	free(tree);
	free(top);
}

static const struct unit_test tests[] = {
	{ "the prefix of one subject", test_one_subject },
	{ "the most common prefix, seen twice at least", test_most_common },
	{ "git log of the tree's own repository only", test_git_log },
	{ NULL, NULL }
};

UNIT_MAIN("series-prefix", tests)
