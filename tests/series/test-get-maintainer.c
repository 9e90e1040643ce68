/*
 * test-get-maintainer.c - a tree's scripts/get_maintainer.pl: its lines
 * sorted into To and Cc by role, and a fake script in a scratch tree
 * run on each patch (its arguments, its failures, a timeout-free run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "get-maintainer.h"
#include "strbuf.h"
#include "strlist.h"
#include "unit.h"
#include "util.h"

static const char sample[] =
	"\"James E.J. Bottomley\" <jejb@linux.ibm.com> (maintainer:SCSI SUBSYSTEM)\n"
	"Greg Kroah-Hartman <gregkh@linuxfoundation.org> (supporter:USB SUBSYSTEM)\n"
	"Jiri Slaby <jirislaby@kernel.org> (odd fixer:TTY LAYER)\n"
	"Ann Reviewer (Kernel) <ann@example.org> (reviewer:FOO (BAR) DRIVER)\n"
	"linux-scsi@vger.kernel.org (open list:SCSI SUBSYSTEM)\n"
	"alsa-devel@alsa-project.org (moderated list:SOUND)\n"
	"linux-kernel@vger.kernel.org (open list)\n"
	"Plain Person <plain@example.org>\n"
	"plain-list@example.org\n"
	"Greg Kroah-Hartman <gregkh@linuxfoundation.org> (maintainer:OTHER)\n"
	"\n"
	"not an address (maintainer:X)\n";

static void test_parse_roles(void)
{
	struct strlist to = STRLIST_INIT, cc = STRLIST_INIT;

	check_int(get_maintainer_parse(sample, &to, &cc), 10);
	check_int_fatal(to.nr, 4);
	check_str(to.items[0].string,
		  "\"James E.J. Bottomley\" <jejb@linux.ibm.com>");
	check_str(to.items[1].string,
		  "Greg Kroah-Hartman <gregkh@linuxfoundation.org>");
	check_str(to.items[2].string, "Jiri Slaby <jirislaby@kernel.org>");
	check_str(to.items[3].string, "Plain Person <plain@example.org>");
	check_int_fatal(cc.nr, 5);
	check_str(cc.items[0].string,
		  "Ann Reviewer (Kernel) <ann@example.org>");
	check_str(cc.items[1].string, "linux-scsi@vger.kernel.org");
	check_str(cc.items[2].string, "alsa-devel@alsa-project.org");
	check_str(cc.items[3].string, "linux-kernel@vger.kernel.org");
	check_str(cc.items[4].string, "plain-list@example.org");
	strlist_clear(&to, 0);
	strlist_clear(&cc, 0);
}

/* a scratch tree whose scripts/get_maintainer.pl is body */
static char *make_tree(const char *body)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, *path;
	FILE *fp;

	dir = xstrfmt("%s/test-get-maintainer.XXXXXX",
		      tmp && *tmp ? tmp : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	path = xstrfmt("%s/scripts", dir);
	check_int_fatal(mkdir(path, 0700), 0);
	free(path);
	path = xstrfmt("%s/%s", dir, GET_MAINTAINER);
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs(body, fp);
	fclose(fp);
	free(path);
	return dir;
}

static void remove_tree(char *dir)
{
	char *cmd = xstrfmt("rm -rf '%s'", dir);

	check_int(system(cmd), 0);
	free(cmd);
	free(dir);
}

/* checks its arguments, then prints addresses per "+++ b/" line */
static const char fake[] =
	"die \"args: @ARGV\\n\" unless @ARGV == 4 &&\n"
	"  \"@ARGV[0..2]\" eq '--no-git --no-git-fallback --' &&\n"
	"  $ARGV[3] =~ m{^/.*/[0-9]+\\.patch$};\n"
	"die \"not in the tree\\n\" unless -f 'scripts/get_maintainer.pl';\n"
	"my $patch = $ARGV[-1];\n"
	"open(my $fh, '<', $patch) or die \"cannot open $patch\\n\";\n"
	"while (<$fh>) {\n"
	"  if (m{^\\+\\+\\+ b/(\\w+)/}) {\n"
	"    print \"M $1 <$1\\@example.org> (maintainer:$1)\\n\";\n"
	"    print \"$1-list\\@example.org (open list:$1)\\n\";\n"
	"  }\n"
	"}\n";

static void test_run_fake_script(void)
{
	char *dir = make_tree(fake), *why = (char *)1;
	struct strlist to[2] = { STRLIST_INIT, STRLIST_INIT };
	struct strlist cc[2] = { STRLIST_INIT, STRLIST_INIT };
	static const char d0[] = "--- a/input/a.c\n+++ b/input/a.c\n";
	static const char d1[] = "--- a/sound/b.c\n+++ b/sound/b.c\n"
				 "--- a/usb/c.c\n+++ b/usb/c.c\n";
	struct get_maintainer_query q[2] = {
		{ d0, sizeof(d0) - 1, &to[0], &cc[0] },
		{ d1, sizeof(d1) - 1, &to[1], &cc[1] },
	};

	CU_ASSERT_TRUE(get_maintainer_available(dir));
	check_int(get_maintainer_run(dir, q, 2, 2, &why), 0);
	CU_ASSERT_PTR_NULL(why);
	check_int_fatal(to[0].nr, 1);
	check_str(to[0].items[0].string, "M input <input@example.org>");
	check_int_fatal(cc[0].nr, 1);
	check_str(cc[0].items[0].string, "input-list@example.org");
	check_int_fatal(to[1].nr, 2);
	check_str(to[1].items[1].string, "M usb <usb@example.org>");
	check_int(cc[1].nr, 2);
	strlist_clear(&to[0], 0);
	strlist_clear(&to[1], 0);
	strlist_clear(&cc[0], 0);
	strlist_clear(&cc[1], 0);
	remove_tree(dir);
}

static void test_run_failures(void)
{
	char *dir = make_tree("print STDERR \"Unknown option: no-git\\n\";"
			      " exit 1;\n"),
	     *why;
	struct strlist to = STRLIST_INIT, cc = STRLIST_INIT;
	static const char d0[] = "+++ b/x/a.c\n";
	struct get_maintainer_query q = { d0, sizeof(d0) - 1, &to, &cc };

	check_int(get_maintainer_run(dir, &q, 1, 1, &why), -1);
	check_str(why, "perl scripts/get_maintainer.pl exits 1: "
		       "Unknown option: no-git");
	free(why);
	remove_tree(dir);
	/* a run that names nobody is no answer either */
	dir = make_tree("exit 0;\n");
	check_int(get_maintainer_run(dir, &q, 1, 1, &why), -1);
	check_str(why, "perl scripts/get_maintainer.pl names no "
		       "address");
	free(why);
	remove_tree(dir);
	dir = make_tree("");
	why = xstrfmt("%s/%s", dir, GET_MAINTAINER);
	unlink(why);
	free(why);
	CU_ASSERT_FALSE(get_maintainer_available(dir));
	remove_tree(dir);
}

static const struct unit_test tests[] = {
	{ "lines sorted into To and Cc by role", test_parse_roles },
	{ "the script runs in the tree on each patch", test_run_fake_script },
	{ "a failing or silent script is said why", test_run_failures },
	{ NULL, NULL }
};

UNIT_MAIN("get-maintainer", tests)
