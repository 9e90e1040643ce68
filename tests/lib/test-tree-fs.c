/*
 * test-tree-fs.c - reads and replacements below a tree's descriptor: no
 * link followed, a file changed since it was read left as it is, owner
 * and mode kept, no temporary file left; kmigrate's leftovers told and
 * removed, and nothing else.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "unit.h"
#include "util.h"

static char *root;

static char *at(const char *rel)
{
	return xstrfmt("%s/%s", root, rel);
}

static void put(const char *rel, const char *text)
{
	char *path = at(rel);
	FILE *fp = fopen(path, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

static void make_dir(const char *rel)
{
	char *path = at(rel);

	CU_ASSERT_FATAL(mkdir(path, 0777) == 0 || errno == EEXIST);
	free(path);
}

static char *contents(const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = at(rel);

	if (strbuf_read_file(&sb, path) < 0)
		strbuf_addstr(&sb, "<unreadable>");
	free(path);
	return strbuf_detach(&sb, NULL);
}

/* ".*.kmigrate-*" entries of the directory rel */
static int temp_files(const char *rel)
{
	char *path = at(rel);
	DIR *d = opendir(path);
	struct dirent *de;
	int n = 0;

	while (d && (de = readdir(d)))
		n += de->d_name[0] == '.' && strstr(de->d_name, ".kmigrate-");
	if (d)
		closedir(d);
	free(path);
	return n;
}

static void setup(struct tree_fs *fs)
{
	root = tempdir_create("test-tree-fs");
	make_dir("d");
	make_dir("d/e");
	make_dir("outside");
	put("d/e/a.c", "old\n");
	put("outside/a.c", "old\n");
	check_int_fatal(tree_fs_open(fs, root), 0);
}

static void teardown(struct tree_fs *fs)
{
	tree_fs_close(fs);
	free(root);
}

static void replace_ok(struct tree_fs *fs, const char *rel, const char *now)
{
	struct strbuf old = STRBUF_INIT;
	struct stat st;
	const char *why;

	check_int_fatal(tree_fs_read(fs, rel, &old, &st), 0);
	check_int(tree_fs_replace(fs, rel, &st, old.buf, old.len, now,
				  strlen(now), &why),
		  TREE_FS_REPLACED);
	strbuf_release(&old);
}

static void test_read_and_replace(void)
{
	struct tree_fs fs;
	struct stat st;
	char *text, *path;

	setup(&fs);
	path = at("d/e/a.c");
	chmod(path, 0640);
	replace_ok(&fs, "d/e/a.c", "new\n");
	text = contents("d/e/a.c");
	check_str(text, "new\n");
	check_int(stat(path, &st), 0);
	check_int(st.st_mode & 07777, 0640);
	check_int(temp_files("d/e"), 0);
	free(text);
	free(path);
	/* a file at the top of the tree */
	put("top.c", "old\n");
	replace_ok(&fs, "top.c", "top\n");
	text = contents("top.c");
	check_str(text, "top\n");
	check_int(temp_files("."), 0);
	free(text);
	teardown(&fs);
}

static void test_links_are_not_followed(void)
{
	struct strbuf text = STRBUF_INIT;
	struct tree_fs fs;
	struct stat st;
	char *link, *target;

	setup(&fs);
	link = at("d/l");
	target = at("outside");
	check_int_fatal(symlink(target, link), 0);
	errno = 0;
	check_int(tree_fs_read(&fs, "d/l/a.c", &text, &st), -1);
	CU_ASSERT(errno == ELOOP || errno == ENOTDIR);
	free(link);
	link = at("d/e/b.c");
	free(target);
	target = at("outside/a.c");
	check_int_fatal(symlink(target, link), 0);
	check_int(tree_fs_read(&fs, "d/e/b.c", &text, &st), -1);
	check_int(errno, ELOOP);
	check_int(tree_fs_read(&fs, "d/../outside/a.c", &text, &st), -1);
	check_int(errno, EINVAL);
	check_int(tree_fs_read(&fs, "/etc/passwd", &text, &st), -1);
	check_int(errno, EINVAL);
	check_int(tree_fs_read(&fs, "d", &text, &st), -1);
	check_int(errno, EINVAL);
	check_int(text.len, 0);
	strbuf_release(&text);
	free(link);
	free(target);
	teardown(&fs);
}

/* read, then change the tree with what(), then try to replace */
static enum tree_fs_result replace_after(struct tree_fs *fs, void (*what)(void))
{
	struct strbuf old = STRBUF_INIT;
	enum tree_fs_result ret;
	struct stat st;
	const char *why;

	check_int_fatal(tree_fs_read(fs, "d/e/a.c", &old, &st), 0);
	what();
	ret = tree_fs_replace(fs, "d/e/a.c", &st, old.buf, old.len, "new\n", 4,
			      &why);
	strbuf_release(&old);
	return ret;
}

static void swap_dir_for_link(void)
{
	char *dir = at("d/e"), *moved = at("d/e.moved");
	char *target = at("outside");

	check_int_fatal(rename(dir, moved), 0);
	check_int_fatal(symlink(target, dir), 0);
	free(dir);
	free(moved);
	free(target);
}

static void edit_same_size(void)
{
	struct timespec keep[2];
	struct stat st;
	char *path = at("d/e/a.c");

	/* the same size and mtime: only the bytes tell */
	check_int_fatal(stat(path, &st), 0);
	keep[0] = st.st_atim;
	keep[1] = st.st_mtim;
	put("d/e/a.c", "OLD\n");
	check_int_fatal(utimensat(AT_FDCWD, path, keep, 0), 0);
	free(path);
}

static void replace_by_other_file(void)
{
	char *path = at("d/e/a.c"), *other = at("d/e/other");

	put("d/e/other", "old\n");
	check_int_fatal(rename(other, path), 0);
	free(path);
	free(other);
}

static void append_line(void)
{
	char *path = at("d/e/a.c");
	FILE *fp = fopen(path, "a");

	fputs("more\n", fp);
	fclose(fp);
	free(path);
}

static void test_changed_since_read(void)
{
	void (*const changes[])(void) = {
		swap_dir_for_link,
		edit_same_size,
		replace_by_other_file,
		append_line,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(changes); i++) {
		struct tree_fs fs;
		char *in, *out;

		setup(&fs);
		check_int(replace_after(&fs, changes[i]), TREE_FS_CHANGED);
		in = contents("d/e/a.c");
		out = contents("outside/a.c");
		CU_ASSERT(strcmp(in, "new\n") != 0);
		check_str(out, "old\n");
		check_int(temp_files("d/e"), 0);
		check_int(temp_files("outside"), 0);
		free(in);
		free(out);
		teardown(&fs);
	}
}

/* the size cap, by both readers */
static void check_size_cap(struct tree_fs *fs, const char *tree)
{
	struct strbuf text = STRBUF_INIT;
	struct stat st;
	char *big;

	big = xcalloc(5000, 1);
	memset(big, 'x', 4999);
	put("d/e/big.c", big);
	free(big);
	tree_fs_set_max_file_size(4998);
	errno = 0;
	check_int(tree_fs_read_path(tree, "e/big.c", &text), -1);
	check_int(errno, EFBIG);
	check_int(tree_fs_read(fs, "d/e/big.c", &text, &st), -1);
	check_int(errno, EFBIG);
	check_int(text.len, 0);
	tree_fs_set_max_file_size(4999);
	check_int(tree_fs_read_path(tree, "e/big.c", &text), 0);
	check_int(text.len, 4999);
	tree_fs_set_max_file_size(TREE_FS_MAX_FILE_SIZE_DEFAULT);
	strbuf_release(&text);
}

/* by the tree's path: links inside the tree only, regular files only */
static void test_read_path(void)
{
	struct strbuf text = STRBUF_INIT;
	struct tree_fs fs;
	char *tree, *path;

	setup(&fs);
	tree = at("d");
	path = at("d/e/fifo.h");
	check_int_fatal(mkfifo(path, 0644), 0);
	free(path);
	path = at("d/e/zero.h");
	check_int_fatal(symlink("/dev/zero", path), 0);
	free(path);
	path = at("d/e/far.c");
	check_int_fatal(symlink("../../outside/a.c", path), 0);
	free(path);
	path = at("d/near.c");
	check_int_fatal(symlink("e/a.c", path), 0);
	free(path);
	path = at("d/up");
	check_int_fatal(symlink("../outside", path), 0);
	free(path);

	check_int(tree_fs_read_path(tree, "e/a.c", &text), 0);
	check_str(text.buf, "old\n");
	/* a link that stays inside the tree is followed */
	check_int(tree_fs_read_path(tree, "near.c", &text), 0);
	check_str(text.buf, "old\nold\n");
	strbuf_setlen(&text, 0);
	errno = 0;
	check_int(tree_fs_read_path(tree, "e/fifo.h", &text), -1);
	check_int(errno, EINVAL);
	errno = 0;
	check_int(tree_fs_read_path(tree, "e/zero.h", &text), -1);
	check_int(errno, EXDEV);
	errno = 0;
	check_int(tree_fs_read_path(tree, "e/far.c", &text), -1);
	check_int(errno, EXDEV);
	errno = 0;
	check_int(tree_fs_read_path(tree, "up/a.c", &text), -1);
	check_int(errno, EXDEV);
	errno = 0;
	check_int(tree_fs_read_path(tree, "../outside/a.c", &text), -1);
	check_int(errno, EXDEV);
	errno = 0;
	check_int(tree_fs_read_path(tree, "/etc/passwd", &text), -1);
	check_int(errno, EXDEV);
	errno = 0;
	check_int(tree_fs_read_path(tree, "e", &text), -1);
	check_int(errno, EINVAL);
	check_int(text.len, 0);

	check_size_cap(&fs, tree);

	/* what each refusal says */
	{
		char buf[128];

		check_str(tree_fs_strerror(EINVAL, buf, 128),
			  "not a regular file");
		check_str(tree_fs_strerror(EXDEV, buf, 128),
			  "a symbolic link to outside the tree");
		check_str(tree_fs_strerror(EFBIG, buf, 128),
			  "larger than 64M (see --max-file-size)");
	}
	strbuf_release(&text);
	free(tree);
	teardown(&fs);
}

/* the same without openat2, as on a kernel before 5.6 */
static void test_per_component_walk(void)
{
	tree_fs_without_openat2();
	test_read_and_replace();
	test_links_are_not_followed();
	test_changed_since_read();
	test_read_path();
}

static void test_find_link(void)
{
	struct strbuf link = STRBUF_INIT;
	struct tree_fs fs;
	char *path, *target;

	setup(&fs);
	path = at("d/l");
	target = at("outside");
	check_int_fatal(symlink(target, path), 0);
	check_int(tree_fs_find_link(&fs, "d/l/a.c", &link), 1);
	check_str(link.buf, "d/l");
	strbuf_reset(&link);
	check_int(tree_fs_find_link(&fs, "d/l", &link), 1);
	check_str(link.buf, "d/l");
	strbuf_reset(&link);
	/* real directories, a missing file or directory: no link */
	check_int(tree_fs_find_link(&fs, "d/e/a.c", &link), 0);
	check_int(tree_fs_find_link(&fs, "d/e/new.c", &link), 0);
	check_int(tree_fs_find_link(&fs, "d/new/new.c", &link), 0);
	check_int(link.len, 0);
	check_int(tree_fs_find_link(&fs, "d/../x.c", &link), -1);
	strbuf_release(&link);
	free(path);
	free(target);
	teardown(&fs);
}

static void test_leftover_names(void)
{
	CU_ASSERT(tree_fs_is_leftover(".a.c.kmigrate-Ab12Cd"));
	CU_ASSERT(tree_fs_is_leftover(".sound_core.h.kmigrate-zzzzzz"));
	CU_ASSERT(!tree_fs_is_leftover(".a.c.kmigrate-Ab12C"));
	CU_ASSERT(!tree_fs_is_leftover(".a.c.kmigrate-Ab12Cde"));
	CU_ASSERT(!tree_fs_is_leftover(".a.c.kmigrate-Ab_2Cd"));
	CU_ASSERT(!tree_fs_is_leftover(".a.txt.kmigrate-Ab12Cd"));
	CU_ASSERT(!tree_fs_is_leftover("a.c.kmigrate-Ab12Cd"));
	CU_ASSERT(!tree_fs_is_leftover("..c.kmigrate-Ab12Cd"));
	CU_ASSERT(!tree_fs_is_leftover(".a.c.kmigrate-.kmigrate-Ab12Cd"));
	CU_ASSERT(!tree_fs_is_leftover(".a.c"));
}

static void test_remove_leftover(void)
{
	struct tree_fs fs;
	char *path, *target;

	setup(&fs);
	put("d/e/.a.c.kmigrate-Ab12Cd", "half\n");
	check_int(tree_fs_remove_leftover(&fs, "d/e/.a.c.kmigrate-Ab12Cd"), 0);
	path = at("d/e/.a.c.kmigrate-Ab12Cd");
	check_int(access(path, F_OK), -1);
	/* a link of that name is no file of ours: it stays */
	target = at("outside/a.c");
	check_int_fatal(symlink(target, path), 0);
	check_int(tree_fs_remove_leftover(&fs, "d/e/.a.c.kmigrate-Ab12Cd"), -1);
	check_int(errno, EPERM);
	check_int(access(target, F_OK), 0);
	/* nor a name of another pattern */
	put("d/e/notes", "x\n");
	check_int(tree_fs_remove_leftover(&fs, "d/e/notes"), -1);
	check_int(errno, EINVAL);
	free(path);
	free(target);
	teardown(&fs);
}

static const struct unit_test tests[] = {
	{ "read and replace: content and mode", test_read_and_replace },
	{ "no symbolic link is followed, no path leaves the tree",
	  test_links_are_not_followed },
	{ "a file changed since it was read is left", test_changed_since_read },
	{ "by path: links inside the tree, regular files, size cap",
	  test_read_path },
	{ "the same, one component at a time", test_per_component_walk },
	{ "the first symbolic link of a path", test_find_link },
	{ "the names of kmigrate's temporary files", test_leftover_names },
	{ "a leftover is removed, nothing else", test_remove_leftover },
	{ NULL, NULL }
};

UNIT_MAIN("tree-fs", tests)
