/*
 * test-mbox.c - mail messages as git format-patch writes them: dates,
 * header folding, identities, file names from subjects, the From_ line,
 * headers that stay one line, RFC 2047 subjects, the staging directory.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mbox.h"
#include "strbuf.h"
#include "strlist.h"
#include "unit.h"

static void check_date(time_t t, int tz, const char *expect)
{
	struct strbuf sb = STRBUF_INIT;

	mbox_date(&sb, t, tz);
	check_str(sb.buf, expect);
	strbuf_release(&sb);
}

static void test_rfc2822_date(void)
{
	/* seed patch 2/8 was sent at 1129169427 */
	check_date(1129169427, -7 * 60, "Wed, 12 Oct 2005 19:10:27 -0700");
	check_date(1129169427, 0, "Thu, 13 Oct 2005 02:10:27 +0000");
	check_date(1129169427, 5 * 60 + 30, "Thu, 13 Oct 2005 07:40:27 +0530");
	/* single-digit days are not padded, as git writes them */
	check_date(0, 0, "Thu, 1 Jan 1970 00:00:00 +0000");
	check_date(951782400, 0, "Tue, 29 Feb 2000 00:00:00 +0000");
}

static void check_filename(const char *subject, const char *expect)
{
	struct strbuf sb = STRBUF_INIT;

	mbox_subject_filename(&sb, subject, MBOX_SUBJECT_NAME_MAX);
	check_str(sb.buf, expect);
	strbuf_release(&sb);
}

static void test_subject_to_filename(void)
{
	/* each expectation is what git format-patch 2.39 names the file */
	check_filename("input: pass NULL parent to class_device_create()",
		       "input-pass-NULL-parent-to-class_device_create");
	check_filename(
		"driver core: fix up all callers of class_device_create()",
		"driver-core-fix-up-all-callers-of-class_device_creat");
	check_filename("..hidden..file", ".hidden.file");
	check_filename("foo...bar", "foo.bar");
	check_filename("trailing.", "trailing");
	check_filename("x - y", "x-y");
	check_filename("  lead space", "lead-space");
	check_filename("a_b.c-d", "a_b.c-d");
	check_filename("\xc3\xbc"
		       "ber stra\xc3\x9f"
		       "e",
		       "ber-stra-e");
	check_filename("[RFC] a/b\\c", "RFC-a-b-c");
	check_filename("", "");
}

static void test_filename_length(void)
{
	struct strbuf sb = STRBUF_INIT;

	/* never longer than the limit, never ending in '-' after the cut */
	mbox_subject_filename(&sb, "aaaa bbbb cccc", 5);
	check_str(sb.buf, "aaaa");
	strbuf_reset(&sb);
	mbox_subject_filename(&sb, "aaaa bbbb cccc", 6);
	check_str(sb.buf, "aaaa-b");
	strbuf_release(&sb);
}

static void test_subject_folding(void)
{
	struct strbuf sb = STRBUF_INIT;

	mbox_header(&sb, "Subject", "[PATCH 1/8] input: short");
	check_str(sb.buf, "Subject: [PATCH 1/8] input: short\n");
	strbuf_reset(&sb);
	/* folded where git folds it: the line stays within 78 columns */
	mbox_header(&sb, "Subject",
		    "[PATCH] driver core: fix up all callers "
		    "of class_device_create() -- and.. more stuff!!");
	check_str(sb.buf, "Subject: [PATCH] driver core: fix up all callers of "
			  "class_device_create() --\n and.. more stuff!!\n");
	strbuf_reset(&sb);
	/* a single word longer than a line is not broken */
	mbox_header(&sb, "X",
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b");
	CU_ASSERT_PTR_NOT_NULL(strstr(sb.buf, "a\n b\n"));
	check_int(sb.buf[2], ' ');
	strbuf_release(&sb);
}

static void test_address_folding(void)
{
	struct strlist to = STRLIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	mbox_address_header(&sb, "To", &to);
	check_int(sb.len, 0); /* an empty list writes nothing */
	strlist_push(&to, "Dmitry Torokhov <dtor_core@ameritech.net>");
	mbox_address_header(&sb, "To", &to);
	check_str(sb.buf, "To: Dmitry Torokhov <dtor_core@ameritech.net>\n");
	strbuf_reset(&sb);
	strlist_push(&to, "Kay Sievers <kay.sievers@vrfy.org>");
	strlist_push(&to, "Vojtech Pavlik <vojtech@suse.cz>");
	strlist_push(&to, "Hannes Reinecke <hare@suse.de>");
	strlist_push(&to, "airlied@linux.ie");
	mbox_address_header(&sb, "Cc", &to);
	check_str(sb.buf,
		  "Cc: Dmitry Torokhov <dtor_core@ameritech.net>,\n"
		  "    Kay Sievers <kay.sievers@vrfy.org>, "
		  "Vojtech Pavlik <vojtech@suse.cz>,\n"
		  "    Hannes Reinecke <hare@suse.de>, airlied@linux.ie\n");
	for (p = sb.buf; *p; p += strcspn(p, "\n") + 1)
		CU_ASSERT(strcspn(p, "\n") <= MBOX_LINE_MAX);
	strbuf_release(&sb);
	strlist_clear(&to, 0);
	/* a name beyond ASCII (get_maintainer.pl's, quoted) is encoded */
	strlist_push(&to, "\"Christian K\xc3\xb6nig\" <ck@example.org>");
	strlist_push(&to, "list@example.org");
	mbox_address_header(&sb, "To", &to);
	check_str(sb.buf, "To: =?UTF-8?q?Christian=20K=C3=B6nig?= "
			  "<ck@example.org>, list@example.org\n");
	strbuf_release(&sb);
	strlist_clear(&to, 0);
}

static void test_identities(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *name, *email;

	check_int(mbox_split_ident("Greg KH <gregkh@suse.de>", &name, &email),
		  0);
	check_str(name, "Greg KH");
	check_str(email, "gregkh@suse.de");
	mbox_format_ident(&sb, name, email);
	check_str(sb.buf, "Greg KH <gregkh@suse.de>");
	free(name);
	free(email);
	check_int(mbox_split_ident("\"Kroah-Hartman, Greg\" <g@k.org>", &name,
				   &email),
		  0);
	check_str(name, "Kroah-Hartman, Greg");
	strbuf_reset(&sb);
	mbox_format_ident(&sb, name, email);
	check_str(sb.buf, "\"Kroah-Hartman, Greg\" <g@k.org>");
	free(name);
	free(email);
	strbuf_reset(&sb);
	mbox_format_ident(&sb, "J\xc3\xb6rg", "j@example.org");
	check_str(sb.buf, "=?UTF-8?q?J=C3=B6rg?= <j@example.org>");
	check_int(mbox_split_ident("no address", &name, &email), -1);
	check_int(mbox_split_ident("Empty <>", &name, &email), -1);
	strbuf_release(&sb);
}

static void test_sha1(void)
{
	char hex[41];

	mbox_sha1_hex("abc", 3, hex);
	check_str(hex, "a9993e364706816aba3e25717850c26c9cd0d89d");
	mbox_sha1_hex("", 0, hex);
	check_str(hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	mbox_sha1_hex(
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
		hex);
	check_str(hex, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

static void test_message_layout(void)
{
	struct strlist to = STRLIST_INIT;
	struct mbox_message msg = {
		.from = "Greg KH <gregkh@suse.de>",
		.date = 1129169427,
		.tz_minutes = -7 * 60,
		.subject = "[PATCH 0/1] driver core: fix up all callers",
		.to = &to,
		.zero_id = 1,
	};
	struct strbuf sb = STRBUF_INIT;

	strlist_push(&to, "linux-kernel@vger.kernel.org");
	mbox_message(&sb, &msg, "body\n", 5);
	mbox_signature(&sb, "0.1");
	check_str(sb.buf,
		  "From 0000000000000000000000000000000000000000 "
		  "Mon Sep 17 00:00:00 2001\n"
		  "From: Greg KH <gregkh@suse.de>\n"
		  "Date: Wed, 12 Oct 2005 19:10:27 -0700\n"
		  "Subject: [PATCH 0/1] driver core: fix up all callers\n"
		  "To: linux-kernel@vger.kernel.org\n"
		  "MIME-Version: 1.0\n"
		  "Content-Type: text/plain; charset=UTF-8\n"
		  "Content-Transfer-Encoding: 8bit\n"
		  "\n"
		  "body\n"
		  "-- \nkmigrate 0.1\n\n");
	strbuf_reset(&sb);
	msg.zero_id = 0;
	mbox_message(&sb, &msg, "body\n", 5);
	/* a real id: 40 hex digits, not zeros, the same for the same mail */
	check_int(strspn(sb.buf + 5, "0123456789abcdef"), 40);
	CU_ASSERT_NOT_EQUAL(strncmp(sb.buf + 5, "0000000000", 10), 0);
	strbuf_release(&sb);
	strlist_clear(&to, 0);
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs(text, fp);
	fclose(fp);
}

static int exists_in(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !access(path, F_OK);
}

static size_t count_entries(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	size_t n = 0;

	while (d && (de = readdir(d)))
		n += de->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

/* rm -r of a directory one level deep */
static void remove_dir(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	char path[512];

	while (d && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (unlink(path))
			rmdir(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static void test_series_names(void)
{
	CU_ASSERT(mbox_is_series_name("0000-cover-letter.patch"));
	CU_ASSERT(mbox_is_series_name("0012-input-pass-NULL.patch"));
	CU_ASSERT(!mbox_is_series_name("0001-.patc"));
	CU_ASSERT(!mbox_is_series_name("001-x.patch"));
	CU_ASSERT(!mbox_is_series_name("00001-x.patch"));
	CU_ASSERT(!mbox_is_series_name("notes.txt"));
	CU_ASSERT(!mbox_is_series_name(".0001-x.patch"));
}

static void test_dir_check(void)
{
	char top[] = "/tmp/test-mbox-XXXXXX";
	char dir[64], file[128], sub[128];
	int exists = -1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(top));
	snprintf(dir, sizeof(dir), "%s/out", top);
	check_int(mbox_dir_check(dir, &exists), 0);
	check_int(exists, 0);
	check_int(mkdir(dir, 0777), 0);
	check_int(mbox_dir_check(dir, &exists), 0);
	check_int(exists, 1);
	put(dir, "0000-cover-letter.patch", "x");
	put(dir, "0001-old.patch", "x");
	check_int(mbox_dir_check(dir, &exists), 0);
	/* anything else: a stray file, a directory named like a patch */
	put(dir, "notes.txt", "mine");
	check_int(mbox_dir_check(dir, &exists), -1);
	snprintf(file, sizeof(file), "%s/notes.txt", dir);
	unlink(file);
	snprintf(sub, sizeof(sub), "%s/0002-dir.patch", dir);
	check_int(mkdir(sub, 0777), 0);
	check_int(mbox_dir_check(dir, &exists), -1);
	rmdir(sub);
	/* a file where the directory should be */
	put(top, "plain", "x");
	snprintf(file, sizeof(file), "%s/plain", top);
	check_int(mbox_dir_check(file, &exists), -1);
	check_int(exists, 1);
	unlink(file);
	remove_dir(dir);
	rmdir(top);
}

static void stage_two(const char *dir, char **staged, struct strlist *names)
{
	*staged = mbox_dir_stage(dir);
	CU_ASSERT_PTR_NOT_NULL_FATAL(*staged);
	strlist_push(names, "0000-cover-letter.patch");
	strlist_push(names, "0001-new.patch");
	check_int(mbox_dir_write(*staged, names->items[0].string, "cover\n", 6),
		  0);
	check_int(mbox_dir_write(*staged, names->items[1].string, "patch\n", 6),
		  0);
}

static void test_dir_install(void)
{
	char top[] = "/tmp/test-mbox-XXXXXX";
	struct strlist names = STRLIST_INIT;
	char dir[64], *staged;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(top));
	snprintf(dir, sizeof(dir), "%s/out", top);
	/* a missing directory: the staging directory becomes it */
	stage_two(dir, &staged, &names);
	check_int(strncmp(staged, top, strlen(top)), 0);
	CU_ASSERT(!exists_in(dir, "0001-new.patch"));
	check_int(mbox_dir_install(staged, dir, 0, &names), 0);
	CU_ASSERT(exists_in(dir, "0001-new.patch"));
	check_int(count_entries(top), 1);
	free(staged);
	strlist_clear(&names, 0);
	/* a previous series is replaced whole */
	put(dir, "0002-old.patch", "old");
	stage_two(dir, &staged, &names);
	check_int(mbox_dir_install(staged, dir, 1, &names), 0);
	CU_ASSERT(exists_in(dir, "0000-cover-letter.patch"));
	CU_ASSERT(exists_in(dir, "0001-new.patch"));
	CU_ASSERT(!exists_in(dir, "0002-old.patch"));
	check_int(count_entries(top), 1);
	free(staged);
	strlist_clear(&names, 0);
	/* given up: the staging directory goes, dir stays as it was */
	stage_two(dir, &staged, &names);
	mbox_dir_unstage(staged);
	check_int(access(staged, F_OK), -1);
	check_int(count_entries(dir), 2);
	free(staged);
	strlist_clear(&names, 0);
	remove_dir(dir);
	rmdir(top);
}

static void test_header_controls(void)
{
	struct strlist to = STRLIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	char text[] = "a\r\nb\tc\033d\177e";

	check_int(mbox_clean_header_text(text), 4);
	check_str(text, "a  b cde");
	/* whatever the caller gives, a header is one line */
	mbox_header(&sb, "Subject", "[PATCH] x\r\nBcc: victim@example.org");
	check_str(sb.buf, "Subject: [PATCH] x  Bcc: victim@example.org\n");
	strbuf_reset(&sb);
	strlist_push(&to, "Evil <e@example.org>\rBcc: victim@example.org");
	strlist_push(&to, "J\xc3\xb6rg\n <j@example.org>");
	mbox_address_header(&sb, "To", &to);
	check_str(sb.buf, "To: Evil <e@example.org> Bcc: victim@example.org,"
			  "\n    =?UTF-8?q?J=C3=B6rg?= <j@example.org>\n");
	strbuf_reset(&sb);
	mbox_format_ident(&sb, "A\nB", "a@example.org\r");
	check_str(sb.buf, "A B <a@example.org >");
	strbuf_release(&sb);
	strlist_clear(&to, 0);
}

static void test_subject_encoding(void)
{
	struct strbuf sb = STRBUF_INIT;
	const char *line;

	/* as git format-patch: "[PATCH n/N] " plain, the rest encoded */
	mbox_header(&sb, "Subject", "[PATCH 1/2] caf\xc3\xa9: a_b=c?");
	check_str(
		sb.buf,
		"Subject: [PATCH 1/2] =?UTF-8?q?caf=C3=A9:=20a=5Fb=3Dc=3F?=\n");
	strbuf_reset(&sb);
	/* folded before column 76, a character never split */
	mbox_header(&sb, "Subject",
		    "[PATCH] \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	CU_ASSERT_PTR_NOT_NULL(strstr(sb.buf, "?=\n =?UTF-8?q?=C3=A9"));
	for (line = sb.buf; *line; line += strcspn(line, "\n") + 1)
		CU_ASSERT(strcspn(line, "\n") <= 76);
	strbuf_release(&sb);
}

/* a pid no process has: a child's, once it is reaped */
static pid_t dead_pid(void)
{
	pid_t pid = fork();

	if (!pid)
		_exit(0);
	waitpid(pid, NULL, 0);
	return pid;
}

static void test_stale_staging(void)
{
	char top[] = "/tmp/test-mbox-XXXXXX";
	char dir[64], dead[128], live[128], old[128], *staged;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(top));
	snprintf(dir, sizeof(dir), "%s/out", top);
	snprintf(dead, sizeof(dead), "%s/.out.kmigrate-pid%ld-Ab12Cd", top,
		 (long)dead_pid());
	snprintf(live, sizeof(live), "%s/.out.kmigrate-pid%ld-Ab12Cd", top,
		 (long)getppid());
	snprintf(old, sizeof(old), "%s/.out.kmigrate-Ab12Cd", top);
	check_int(mkdir(dead, 0777), 0);
	put(dead, "0001-half.patch", "half");
	check_int(mkdir(live, 0777), 0);
	check_int(mkdir(old, 0777), 0);
	/* a killed run's staging directory goes, and only that */
	staged = mbox_dir_stage(dir);
	CU_ASSERT_PTR_NOT_NULL_FATAL(staged);
	check_int(access(dead, F_OK), -1);
	check_int(access(live, F_OK), 0);
	check_int(access(old, F_OK), 0);
	check_int(count_entries(staged), 0);
	mbox_dir_unstage(staged);
	check_int(access(staged, F_OK), -1);
	free(staged);
	rmdir(live);
	rmdir(old);
	check_int(count_entries(top), 0);
	rmdir(top);
}

static const struct unit_test tests[] = {
	{ "RFC 2822 dates in any zone", test_rfc2822_date },
	{ "subjects become file names as git makes them",
	  test_subject_to_filename },
	{ "file names are cut to the limit", test_filename_length },
	{ "long headers fold at spaces", test_subject_folding },
	{ "long To/Cc lists fold between addresses", test_address_folding },
	{ "identities are split, quoted and encoded", test_identities },
	{ "SHA-1 of the FIPS test vectors", test_sha1 },
	{ "a message has format-patch's layout", test_message_layout },
	{ "series file names", test_series_names },
	{ "a series directory holds only a series", test_dir_check },
	{ "staged series are installed whole or not at all", test_dir_install },
	{ "a header is one line whatever it is given", test_header_controls },
	{ "subjects beyond ASCII are RFC 2047 encoded", test_subject_encoding },
	{ "a killed run's staging directory is removed", test_stale_staging },
	{ NULL, NULL }
};

UNIT_MAIN("mbox", tests)
