/*
 * test-blob-hash.c - a work tree's files hashed as git blobs: the names
 * "git hash-object --no-filters" gives them, in a SHA-1 and a SHA-256
 * repository, for an empty file, one with NUL bytes, and ones around
 * and past the read buffer (64 KiB) and --max-file-size; no regular file
 * (a link, a file below one, a FIFO, a directory, a missing path)
 * differs; blob_files_compare() on threads tells each file's state.
 * The git cases are skipped without git.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blob-hash.h"
#include "run-command.h"
#include "scratch.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

static char *root;
static struct tree_fs fs;

static const struct {
	const char *name;
	size_t size;
} files[] = {
	{ "empty", 0 },		{ "nul.bin", 1000 }, { "d/e/buf", 65536 },
	{ "d/e/buf+1", 65537 }, { "d/big", 200003 },
};

/* name, size bytes of a pattern with NUL bytes and every other byte */
static void put(const char *name, size_t size)
{
	char *path = xstrfmt("%s/%s", root, name);
	FILE *fp;
	size_t i;

	CU_ASSERT_FATAL(make_leading_dirs(path, strlen(root)) == 0);
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	for (i = 0; i < size; i++)
		fputc(i % 7 ? (int)(i * 31 % 256) : 0, fp);
	fclose(fp);
	free(path);
}

/* git's name of root's file name, git run in root, into hex; 0 or -1 */
static int git_hash(const char *name, char hex[BLOB_OID_HEX_MAX + 1])
{
	struct child_process cp;
	int ret;

	child_process_init(&cp);
	strlist_pushv(&cp.args,
		      (const char *const[]){ "git", "hash-object",
					     "--no-filters", name, NULL });
	cp.dir = root;
	cp.no_stdin = cp.capture_out = cp.quiet_err = 1;
	ret = run_command(&cp);
	strbuf_rtrim(&cp.out);
	if (!ret && cp.out.len <= BLOB_OID_HEX_MAX)
		memcpy(hex, cp.out.buf, cp.out.len + 1);
	else
		ret = -1;
	child_process_clear(&cp);
	return ret;
}

/* root a git repository of object_format's names; 0, or -1: no git */
static int git_init(const char *object_format)
{
	struct child_process cp;
	int ret;

	child_process_init(&cp);
	strlist_pushv(&cp.args,
		      (const char *const[]){ "git", "init", "-q", NULL });
	strlist_pushf(&cp.args, "--object-format=%s", object_format);
	cp.dir = root;
	cp.no_stdin = cp.quiet_err = 1;
	ret = run_command(&cp);
	child_process_clear(&cp);
	return ret ? -1 : 0;
}

static void setup(void)
{
	size_t i;

	root = tempdir_create("test-blob-hash");
	for (i = 0; i < ARRAY_SIZE(files); i++)
		put(files[i].name, files[i].size);
	CU_ASSERT_FATAL(tree_fs_open(&fs, root) == 0);
}

static void teardown(void)
{
	tree_fs_close(&fs);
	tempdir_remove(root);
	free(root);
}

/* every file hashed as git hashes it, in names of oid_len digits */
static void check_like_git(const char *object_format, size_t oid_len)
{
	char want[BLOB_OID_HEX_MAX + 1], got[BLOB_OID_HEX_MAX + 1];
	size_t i;

	setup();
	if (git_init(object_format) < 0) {
		fprintf(stderr, "git init --object-format=%s fails: skipped\n",
			object_format);
		teardown();
		return;
	}
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		CU_ASSERT_FATAL(git_hash(files[i].name, want) == 0);
		check_size(strlen(want), oid_len);
		strcpy(got, "<none>");
		check_int(blob_hash_file(&fs, files[i].name, oid_len, got), 0);
		if (!check_str(got, want))
			fprintf(stderr, "  file '%s' of %zu bytes\n",
				files[i].name, files[i].size);
	}
	teardown();
}

static void test_sha1_like_git(void)
{
	check_like_git("sha1", 40);
}

static void test_sha256_like_git(void)
{
	check_like_git("sha256", 64);
}

/* the known names, with no git: an empty blob, and "hello\n" */
static void test_known_names(void)
{
	char hex[BLOB_OID_HEX_MAX + 1];
	char *path;
	FILE *fp;

	setup();
	check_int(blob_hash_file(&fs, "empty", 40, hex), 0);
	check_str(hex, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
	check_int(blob_hash_file(&fs, "empty", 64, hex), 0);
	check_str(
		hex,
		"473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813");
	path = xstrfmt("%s/hello", root);
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs("hello\n", fp);
	fclose(fp);
	check_int(blob_hash_file(&fs, "hello", 40, hex), 0);
	check_str(hex, "ce013625030ba8dba906f756967f9e9ca394464a");
	free(path);
	teardown();
}

/* a file over the cap of the tree's other readers is hashed all the same */
static void test_past_max_file_size(void)
{
	char whole[BLOB_OID_HEX_MAX + 1], capped[BLOB_OID_HEX_MAX + 1];
	size_t max = tree_fs_max_file_size();

	setup();
	check_int(blob_hash_file(&fs, "d/big", 40, whole), 0);
	tree_fs_set_max_file_size(4096);
	check_int(blob_hash_file(&fs, "d/big", 40, capped), 0);
	tree_fs_set_max_file_size(max);
	check_str(capped, whole);
	teardown();
}

static void test_no_regular_file(void)
{
	char hex[BLOB_OID_HEX_MAX + 1], *path;

	setup();
	path = xstrfmt("%s/link", root);
	CU_ASSERT_FATAL(symlink("empty", path) == 0);
	free(path);
	path = xstrfmt("%s/dlink", root);
	CU_ASSERT_FATAL(symlink("d", path) == 0);
	free(path);
	path = xstrfmt("%s/fifo", root);
	CU_ASSERT_FATAL(mkfifo(path, 0600) == 0);
	free(path);
	check_int(blob_hash_file(&fs, "link", 40, hex), 1);
	check_int(blob_hash_file(&fs, "dlink/big", 40, hex), 1);
	check_int(blob_hash_file(&fs, "fifo", 40, hex), 1);
	check_int(blob_hash_file(&fs, "d", 40, hex), 1);
	check_int(blob_hash_file(&fs, "missing", 40, hex), 1);
	check_int(blob_hash_file(&fs, "missing/file", 40, hex), 1);
	check_int(blob_hash_file(&fs, "empty/file", 40, hex), 1);
	teardown();
}

/*
 * More files than a task's run, on two threads: each the same, another
 * blob, or no file; then the same past a cap on the bytes hashed
 */
static void test_compare(void)
{
	static const char empty[] = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";
	static const char other[] = "0123456789012345678901234567890123456789";
	struct blob_file list[300];
	char *names[ARRAY_SIZE(list)];
	size_t i, bad = 0;

	setup();
	for (i = 0; i < ARRAY_SIZE(list); i++) {
		/* in turn: d/N the same, d/N another blob, missing/N */
		names[i] = xstrfmt("%s/%zu", i % 3 == 2 ? "missing" : "d", i);
		if (i % 3 != 2)
			put(names[i], 0);
		list[i].path = names[i];
		list[i].oid = i % 3 == 1 ? other : empty;
		list[i].differs = list[i].error = -1;
	}
	check_int(blob_files_compare(root, list, ARRAY_SIZE(list), 2,
				     UINT64_MAX),
		  0);
	for (i = 0; i < ARRAY_SIZE(list); i++)
		if ((list[i].differs != (i % 3 != 0) || list[i].error) &&
		    !bad++)
			fprintf(stderr, "'%s': differs %d, error %d\n",
				list[i].path, list[i].differs, list[i].error);
	check_size(bad, 0);
	/* a cap below the first file's 1000 bytes: each file refused */
	list[0].path = "nul.bin";
	check_int(blob_files_compare(root, list, 1, 2, 999), 0);
	check_int(list[0].error, EFBIG);
	errno = 0;
	check_int(blob_files_compare("/nonexistent", list, 1, 2, UINT64_MAX),
		  -1);
	check_int(errno, ENOENT);
	for (i = 0; i < ARRAY_SIZE(list); i++)
		free(names[i]);
	teardown();
}

static const struct unit_test tests[] = {
	{ "every file hashed as git hash-object --no-filters hashes it",
	  test_sha1_like_git },
	{ "the same in a repository of SHA-256 names", test_sha256_like_git },
	{ "the empty blob and \"hello\\n\" have their known names",
	  test_known_names },
	{ "a file over --max-file-size is hashed whole",
	  test_past_max_file_size },
	{ "a link, a path below one, a FIFO, a directory, a missing file: 1",
	  test_no_regular_file },
	{ "blob_files_compare() tells each file's state, on threads",
	  test_compare },
	{ NULL, NULL }
};

UNIT_MAIN("blob-hash", tests)
