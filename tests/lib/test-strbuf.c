/*
 * test-strbuf.c - growable strings and string lists.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"
#include "strlist.h"
#include "unit.h"

static void test_empty_is_terminated(void)
{
	struct strbuf sb = STRBUF_INIT;

	CU_ASSERT_PTR_NOT_NULL(sb.buf);
	check_int(sb.len, 0);
	check_str(sb.buf, "");
	strbuf_release(&sb);
}

static void test_grows_past_first_allocation(void)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	for (i = 0; i < 10000; i++)
		strbuf_addch(&sb, 'a' + i % 26);
	check_int(sb.len, 10000);
	check_int(sb.buf[9999], 'a' + 9999 % 26);
	check_int(sb.buf[10000], '\0');
	strbuf_release(&sb);
	check_int(sb.len, 0);
}

static void test_addf_and_insert_remove(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "cls, %s", "devt");
	strbuf_insert(&sb, 4, " NULL,", 6);
	check_str(sb.buf, "cls, NULL, devt");
	strbuf_remove(&sb, 4, 6);
	check_str(sb.buf, "cls, devt");
	strbuf_release(&sb);
}

static void test_binary_bytes_survive(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, "a\0b\r\n", 5);
	check_int(sb.len, 5);
	check_int(memcmp(sb.buf, "a\0b\r\n", 5), 0);
	strbuf_rtrim(&sb);
	check_int(sb.len, 3);
	strbuf_release(&sb);
}

static void test_detach_hands_over_memory(void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *s;

	strbuf_addstr(&sb, "vmlogrdr");
	s = strbuf_detach(&sb, &len);
	check_str(s, "vmlogrdr");
	check_int(len, 8);
	check_int(sb.len, 0);
	free(s);
	s = strbuf_detach(&sb, NULL); /* an empty buffer detaches too */
	check_str(s, "");
	free(s);
}

static void test_read_file(void)
{
	char path[] = "/tmp/test-strbuf-XXXXXX";
	struct strbuf sb = STRBUF_INIT;
	int fd = mkstemp(path);

	CU_ASSERT_FATAL(fd >= 0);
	check_int(write(fd, "line 1\nline 2\n", 14), 14);
	close(fd);
	check_int(strbuf_read_file(&sb, path), 0);
	check_str(sb.buf, "line 1\nline 2\n");
	unlink(path);
	strbuf_reset(&sb);
	check_int(strbuf_read_file(&sb, path), -1);
	strbuf_release(&sb);
}

static void test_read_fd_max(void)
{
	char path[] = "/tmp/test-strbuf-XXXXXX";
	struct strbuf sb = STRBUF_INIT;
	int fd = mkstemp(path);

	CU_ASSERT_FATAL(fd >= 0);
	unlink(path);
	check_int(write(fd, "0123456789", 10), 10);
	strbuf_addstr(&sb, "kept");
	lseek(fd, 0, SEEK_SET);
	errno = 0;
	check_int(strbuf_read_fd_max(&sb, fd, 9), -1);
	check_int(errno, EFBIG);
	check_str(sb.buf, "kept");
	lseek(fd, 0, SEEK_SET);
	check_int(strbuf_read_fd_max(&sb, fd, 10), 0);
	check_str(sb.buf, "kept0123456789");
	close(fd);
	strbuf_release(&sb);
}

static void test_strlist_argv_and_sort(void)
{
	struct strlist list = STRLIST_INIT;
	char *const *argv;

	strlist_push(&list, "sound");
	strlist_pushf(&list, "input%d", 3);
	strlist_push(&list, "tty");
	argv = strlist_argv(&list);
	check_str(argv[1], "input3");
	CU_ASSERT_PTR_NULL(argv[3]);
	strlist_sort(&list);
	check_str(list.items[0].string, "input3");
	check_int(strlist_find(&list, "tty"), 2);
	check_int(strlist_find(&list, "usb"), -1);
	strlist_clear(&list, 0);
	check_int(list.nr, 0);
}

static void test_add_squeezed(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add_squeezed(&sb, " \t a \n\r\v\f b  ", 13);
	check_str(sb.buf, "a b ");
	strbuf_add_squeezed(&sb, "\tc", 2);
	check_str(sb.buf, "a b c");
	strbuf_add_squeezed(&sb, "\td", 1);
	check_str(sb.buf, "a b c ");
	strbuf_release(&sb);
}

static const struct unit_test tests[] = {
	{ "an empty strbuf is a terminated empty string",
	  test_empty_is_terminated },
	{ "appends grow the buffer and keep it terminated",
	  test_grows_past_first_allocation },
	{ "addf, insert and remove edit in place",
	  test_addf_and_insert_remove },
	{ "NUL and CR bytes are kept as data", test_binary_bytes_survive },
	{ "detach hands the memory to the caller",
	  test_detach_hands_over_memory },
	{ "read_file reads all and reports a missing file", test_read_file },
	{ "read_fd_max stops past its cap, the buffer as it was",
	  test_read_fd_max },
	{ "strlist keeps an argv view and sorts", test_strlist_argv_and_sort },
	{ "add_squeezed makes each blank run one space", test_add_squeezed },
	{ NULL, NULL }
};

UNIT_MAIN("strbuf", tests)
