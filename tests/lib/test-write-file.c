/*
 * test-write-file.c - atomic replacement: content and mode kept, no
 * temporary file left behind, the target intact when the write fails.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"
#include "write-file.h"

static char *scratch;

static char *path_in_scratch(const char *name)
{
	return xstrfmt("%s/%s", scratch, name);
}

/* the number of ".*.kmigrate-*" files in dir */
static int count_temp_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (de->d_name[0] == '.' && strstr(de->d_name, ".kmigrate-"))
			n++;
	closedir(d);
	return n;
}

static void put_file(const char *path, const char *text, mode_t mode)
{
	FILE *fp = fopen(path, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
	chmod(path, mode);
}

static void test_replaces_content_and_keeps_mode(void)
{
	char *path = path_in_scratch("mem.c");
	struct strbuf got = STRBUF_INIT;
	struct stat st;

	put_file(path, "old\n", 0751);
	check_int(write_file_atomic(path, "new\r\n", 5), 0);
	check_int(strbuf_read_file(&got, path), 0);
	check_str(got.buf, "new\r\n");
	check_int(stat(path, &st), 0);
	check_int(st.st_mode & 07777, 0751);
	check_int(count_temp_files(scratch), 0);
	strbuf_release(&got);
	free(path);
}

static void test_binary_bytes_written_whole(void)
{
	char *path = path_in_scratch("blob.c");
	static const char bytes[] = "a\0b\xe9\xff\r\n";
	struct strbuf got = STRBUF_INIT;

	put_file(path, "x", 0644);
	check_int(write_file_atomic(path, bytes, sizeof(bytes) - 1), 0);
	check_int(strbuf_read_file(&got, path), 0);
	check_int(got.len, sizeof(bytes) - 1);
	check_int(memcmp(got.buf, bytes, sizeof(bytes) - 1), 0);
	strbuf_release(&got);
	free(path);
}

static void test_owner_kept(void)
{
	char *path = path_in_scratch("owned.c");
	struct stat st;

	put_file(path, "old\n", 0644);
	if (geteuid() == 0 && chown(path, 1, 1) < 0) {
		free(path);
		return; /* cannot give the file away here */
	}
	check_int(stat(path, &st), 0);
	check_int(write_file_atomic(path, "new\n", 4), 0);
	check_int(lstat(path, &st) == 0 ? st.st_uid : (uid_t)-1,
		  geteuid() == 0 ? 1 : geteuid());
	free(path);
}

static void test_new_file_gets_default_mode(void)
{
	char *path = path_in_scratch("fresh.c");
	mode_t mask = umask(022);
	struct stat st;

	check_int(write_file_atomic(path, "x\n", 2), 0);
	check_int(stat(path, &st), 0);
	check_int(st.st_mode & 07777, 0644);
	umask(mask);
	free(path);
}

static void test_missing_directory_fails_cleanly(void)
{
	char *path = path_in_scratch("no-such-dir/tty_io.c");
	char *dir = path_in_scratch("no-such-dir");

	errno = 0;
	check_int(write_file_atomic(path, "x\n", 2), -1);
	check_int(errno, ENOENT);
	CU_ASSERT_NOT_EQUAL(access(dir, F_OK), 0);
	check_int(count_temp_files(scratch), 0);
	free(dir);
	free(path);
}

static void test_failed_rename_keeps_target(void)
{
	/* a directory cannot be replaced by a file: rename fails */
	char *path = path_in_scratch("sound");
	char *inside = path_in_scratch("sound/core.c");
	struct strbuf got = STRBUF_INIT;

	check_int(mkdir(path, 0755), 0);
	put_file(inside, "kept\n", 0644);
	check_int(write_file_atomic(path, "x\n", 2), -1);
	check_int(strbuf_read_file(&got, inside), 0);
	check_str(got.buf, "kept\n");
	check_int(count_temp_files(scratch), 0);
	unlink(inside);
	rmdir(path);
	strbuf_release(&got);
	free(inside);
	free(path);
}

static const struct unit_test tests[] = {
	{ "replaces the content, keeps the mode, no temp file left",
	  test_replaces_content_and_keeps_mode },
	{ "NUL, CR and high bytes are written whole",
	  test_binary_bytes_written_whole },
	{ "the owner is kept where allowed", test_owner_kept },
	{ "a new file gets 0666 less the umask",
	  test_new_file_gets_default_mode },
	{ "a path in a missing directory fails, nothing left",
	  test_missing_directory_fails_cleanly },
	{ "a failed rename leaves the target as it was",
	  test_failed_rename_keeps_target },
	{ NULL, NULL }
};

int main(void)
{
	int ret;

	scratch = tempdir_create("test-write-file");
	ret = unit_run("write-file", tests);
	free(scratch);
	return ret;
}
