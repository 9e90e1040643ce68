/*
 * test-tree-walk.c - listing a tree's sources, and scanning a tree.
 *
 * Each test builds a small tree under $TMPDIR (or /tmp) and removes it.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "migration.h"
#include "scan.h"
#include "tree-list.h"
#include "tree-walk.h"
#include "test-migration-data.h"
#include "unit.h"
#include "util.h"

static char root[4096];

static const char old_call[] =
	"void f(void) { class_device_create(c, MKDEV(1, 2), NULL, \"x\"); }\n";

static void make_root(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(root, sizeof(root), "%s/test-tree-walk-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(root) != NULL);
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_root(void)
{
	nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* root/rel, with the directories leading to it */
static char *make_path(const char *rel)
{
	char *path = xstrfmt("%s/%s", root, rel);
	char *slash;

	for (slash = path + strlen(root) + 1; (slash = strchr(slash, '/'));
	     slash++) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	return path;
}

static void put(const char *rel, const char *text, size_t len)
{
	char *path = make_path(rel);
	FILE *fp;

	fp = fopen(path, "wb");
	CU_ASSERT_FATAL(fp != NULL);
	check_int(fwrite(text, 1, len, fp), len);
	fclose(fp);
	free(path);
}

static void put_str(const char *rel, const char *text)
{
	put(rel, text, strlen(text));
}

static void link_to(const char *target, const char *rel)
{
	char *path = make_path(rel);

	check_int(symlink(target, path), 0);
	free(path);
}

static long find_file(const struct tree_walk *walk, const char *path)
{
	size_t i;

	for (i = 0; i < walk->nr_files; i++)
		if (!strcmp(walk->files[i].path, path))
			return (long)i;
	return -1;
}

static void test_lists_sources_in_byte_order(void)
{
	struct tree_walk walk = TREE_WALK_INIT;

	make_root();
	put_str("b.c", "");
	put_str("a/z.h", "");
	put_str("a.c", "");
	put_str("a/x.c", "");
	put_str("a/notes.txt", "");
	put_str("a/x.o", "");
	put_str("a/x.cmd", "");
	put_str(".git/HEAD.c", "");
	put_str(".tmp_versions/m.c", "");
	check_int_fatal(tree_walk(&walk, root), 0);
	check_int_fatal(walk.nr_files, 4);
	/* "a.c" sorts before "a/x.c": '.' is below '/' */
	check_str(walk.files[0].path, "a.c");
	check_str(walk.files[1].path, "a/x.c");
	check_str(walk.files[2].path, "a/z.h");
	check_str(walk.files[3].path, "b.c");
	check_int(walk.notes.nr, 0);
	tree_walk_release(&walk);
	remove_root();
}

static void test_symlinks(void)
{
	struct tree_walk walk = TREE_WALK_INIT;
	char *tree;

	make_root();
	/* the tree is root/tree; root/out is outside it */
	put_str("tree/in/real.c", "");
	put_str("out/far.c", "");
	link_to("../out/far.c", "tree/far.c");
	link_to("../out", "tree/outdir");
	link_to("in/real.c", "tree/alias.c");
	link_to("../in", "tree/in/loop");
	link_to("..", "tree/in/up");
	link_to("in", "tree/again");
	link_to("missing.c", "tree/dangling.c");
	tree = xstrfmt("%s/tree", root);
	check_int_fatal(tree_walk(&walk, tree), 0);
	free(tree);
	/* in/real.c once, under its own path; nothing from outside */
	check_int(walk.nr_files, 1);
	check_int(find_file(&walk, "in/real.c"), 0);
	check_int_fatal(walk.notes.nr, 3);
	check_str(walk.notes.items[0].message,
		  "cannot read 'dangling.c': No such file or directory");
	CU_ASSERT(walk.notes.items[0].warning);
	check_str(walk.notes.items[1].message,
		  "skipping 'far.c': symlink to outside the tree");
	CU_ASSERT(!walk.notes.items[1].warning);
	/* a source elsewhere: unknown, an error; a directory: a note */
	check_int(walk.notes.items[1].problem, TREE_NOTE_UNREADABLE);
	check_int(walk.notes.items[2].problem, TREE_NOTE_PLAIN);
	check_str(walk.notes.items[2].message,
		  "skipping 'outdir': symlink to outside the tree");
	tree_walk_release(&walk);
	remove_root();
}

static void test_unreadable_entries(void)
{
	struct tree_walk walk = TREE_WALK_INIT;
	char *fifo;

	make_root();
	put_str("ok.c", "");
	fifo = xstrfmt("%s/fifo.c", root);
	check_int_fatal(mkfifo(fifo, 0644), 0);
	free(fifo);
	/* a directory named like a source is walked into */
	put_str("dir.c/inner.c", "");
	check_int_fatal(tree_walk(&walk, root), 0);
	check_int(walk.nr_files, 2);
	CU_ASSERT(find_file(&walk, "dir.c/inner.c") >= 0);
	CU_ASSERT(find_file(&walk, "ok.c") >= 0);
	check_int_fatal(walk.notes.nr, 1);
	check_str(walk.notes.items[0].message,
		  "cannot read 'fifo.c': not a regular file");
	check_int(walk.notes.items[0].problem, TREE_NOTE_UNREADABLE);
	tree_walk_release(&walk);
	remove_root();
}

static void test_bad_roots(void)
{
	struct tree_walk walk = TREE_WALK_INIT;
	char *none, *file;

	make_root();
	put_str("f.c", "");
	none = xstrfmt("%s/none", root);
	file = xstrfmt("%s/f.c", root);
	errno = 0;
	check_int(tree_walk(&walk, none), -1);
	check_int(errno, ENOENT);
	tree_walk_release(&walk);
	check_int(tree_walk(&walk, file), -1);
	check_int(errno, ENOTDIR);
	tree_walk_release(&walk);
	free(none);
	free(file);
	remove_root();
}

static void test_scan_tree(void)
{
	struct scan_result result;
	struct migration m;
	static const char blob[] = "\x7f"
				   "ELF\0\0class_device_create\0";
	int jobs;

	memset(&m, 0, sizeof(m));
	check_int_fatal(test_migration_parse(&m), 0);
	make_root();
	put_str("drivers/a.c", old_call);
	put_str("drivers/b.c", "int class_device_create_file;\n");
	put_str("drivers/c.h", "/* class_device_create */\n");
	put("drivers/blob.c", blob, sizeof(blob) - 1);
	put_str("drivers/empty.c", "");
	put_str("drivers/notes.txt", old_call);
	for (jobs = 1; jobs <= 4; jobs += 3) {
		check_int_fatal(scan_tree(root, &m, jobs, &result), 0);
		check_int(result.nr_candidates, 5);
		check_int_fatal(result.nr_files, 2);
		check_str(result.files[0].path, "drivers/a.c");
		check_str(result.files[1].path, "drivers/c.h");
		check_int(result.nr_occurrences, 2);
		check_int(result.counts[CALL_SITE_OLD], 1);
		check_int(result.counts[CALL_SITE_COMMENT], 1);
		check_int(scan_count_not_calls(&result), 1);
		check_int(result.nr_skipped, 1);
		check_int_fatal(result.notes.nr, 1);
		check_str(result.notes.items[0].message,
			  "skipping 'drivers/blob.c': a binary "
			  "file that names 'class_device_create'");
		check_int(result.notes.items[0].problem, TREE_NOTE_BINARY);
		CU_ASSERT(result.notes.items[0].warning);
		check_str(result.files[0].sites[0].file, "drivers/a.c");
		scan_result_release(&result);
	}
	remove_root();
	migration_release(&m);
}

/*
 * More directories than are read ahead of the walk, each file with its
 * own size: every one listed once, in order, with its own stat data
 */
static void test_many_directories(void)
{
	struct tree_walk walk = TREE_WALK_INIT;
	const size_t nr = TREE_LIST_AHEAD + 44;
	char rel[64], text[400];
	size_t i;

	make_root();
	memset(text, 'x', sizeof(text));
	for (i = 0; i < nr; i++) {
		snprintf(rel, sizeof(rel), "d%03zu/f.c", i);
		put(rel, text, i + 1);
	}
	put_str("d000/sub/g.h", "");
	check_int_fatal(tree_walk(&walk, root), 0);
	check_int_fatal(walk.nr_files, nr + 1);
	for (i = 0; i < nr; i++) {
		size_t at = i ? i + 1 : 0; /* d000/sub/g.h after d000/f.c */

		snprintf(rel, sizeof(rel), "d%03zu/f.c", i);
		check_str(walk.files[at].path, rel);
		check_int(walk.files[at].size, (off_t)(i + 1));
	}
	check_str(walk.files[1].path, "d000/sub/g.h");
	check_int(walk.notes.nr, 0);
	tree_walk_release(&walk);
	remove_root();
}

/*
 * A file reached only through links is listed once, under the first
 * path in byte order; two hard links are two files
 */
static void test_links_only(void)
{
	struct tree_walk walk = TREE_WALK_INIT;
	char *a, *b;

	make_root();
	put_str(".pc/p/one.c", "");
	link_to(".pc/p", "l2");
	link_to(".pc/p", "l1");
	link_to(".pc/p/one.c", "s.c");
	put_str("h/a.c", "");
	a = xstrfmt("%s/h/a.c", root);
	b = xstrfmt("%s/h/b.c", root);
	check_int_fatal(link(a, b), 0);
	free(a);
	free(b);
	check_int_fatal(tree_walk(&walk, root), 0);
	check_int_fatal(walk.nr_files, 3);
	check_str(walk.files[0].path, "h/a.c");
	check_str(walk.files[1].path, "h/b.c");
	check_str(walk.files[2].path, "l1/one.c");
	CU_ASSERT(walk.files[2].via_link);
	CU_ASSERT(!walk.files[0].via_link);
	check_int(walk.notes.nr, 0);
	tree_walk_release(&walk);
	remove_root();
}

static const struct unit_test tests[] = {
	{ "only *.c and *.h, in byte order, no .git",
	  test_lists_sources_in_byte_order },
	{ "symlinks: outside skipped, inside once, no loops", test_symlinks },
	{ "FIFOs are reported, directories named x.c walked",
	  test_unreadable_entries },
	{ "a missing root or a file as root fails with errno", test_bad_roots },
	{ "more directories than are read ahead: each file once, in order",
	  test_many_directories },
	{ "files only behind links: once, first path; hard links: both",
	  test_links_only },
	{ "scan_tree: pre-filter, binary note, counts, any -j",
	  test_scan_tree },
	{ NULL, NULL }
};

UNIT_MAIN("tree-walk", tests)
