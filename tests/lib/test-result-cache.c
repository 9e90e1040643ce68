/*
 * test-result-cache.c - the cache returns what was put, misses on any
 * changed field, ignores and removes a corrupt or truncated entry, does
 * nothing when disabled and only warns when its directory cannot be
 * written (SHA-256 itself: test-sha256.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result-cache.h"
#include "strbuf.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

static char *scratch;

static void make_key(struct result_key *key, const char *file_text)
{
	result_key_init(key, "test");
	result_key_addstr(key, file_text);
}

static char *entry_of(struct result_key *key)
{
	const char *hex = result_key_hex(key);

	return xstrfmt("%s/%.2s/%s", result_cache_dir(), hex, hex + 2);
}

static void test_put_then_get(void)
{
	struct result_key key, other;
	struct strbuf got = STRBUF_INIT;

	make_key(&key, "int a;");
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 0);
	CU_ASSERT_EQUAL(result_cache_put(&key, "payload\0x", 9), 0);
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 1);
	CU_ASSERT_EQUAL(got.len, 9);
	CU_ASSERT(!memcmp(got.buf, "payload\0x", 9));
	strbuf_reset(&got);
	make_key(&other, "int b;");
	CU_ASSERT_EQUAL(result_cache_get(&other, &got), 0);
	/* fields are length-prefixed: "ab"+"c" is not "a"+"bc" */
	result_key_init(&key, "test");
	result_key_addstr(&key, "ab");
	result_key_addstr(&key, "c");
	result_key_init(&other, "test");
	result_key_addstr(&other, "a");
	result_key_addstr(&other, "bc");
	CU_ASSERT_STRING_NOT_EQUAL(result_key_hex(&key),
				   result_key_hex(&other));
	strbuf_release(&got);
}

static void test_changed_file_misses(void)
{
	char *path = xstrfmt("%s/header.h", scratch);
	struct strbuf got = STRBUF_INIT;
	struct result_key key;
	FILE *fp = fopen(path, "w");

	fputs("#define A 1\n", fp);
	fclose(fp);
	result_key_init(&key, "test");
	CU_ASSERT_EQUAL(result_key_add_file(&key, path), 0);
	CU_ASSERT_EQUAL(result_cache_put(&key, "one", 3), 0);
	fp = fopen(path, "w");
	fputs("#define A 2\n", fp);
	fclose(fp);
	result_key_init(&key, "test");
	CU_ASSERT_EQUAL(result_key_add_file(&key, path), 0);
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 0);
	unlink(path);
	result_key_init(&key, "test");
	CU_ASSERT_EQUAL(result_key_add_file(&key, path), -1);
	strbuf_release(&got);
	free(path);
}

static void corrupt_and_check(int truncate_it)
{
	struct strbuf got = STRBUF_INIT, bytes = STRBUF_INIT;
	struct result_key key;
	char *path;
	FILE *fp;

	make_key(&key, truncate_it ? "truncated" : "flipped");
	CU_ASSERT_EQUAL(result_cache_put(&key, "the result", 10), 0);
	path = entry_of(&key);
	CU_ASSERT_FATAL(strbuf_read_file(&bytes, path) >= 0);
	if (truncate_it)
		strbuf_setlen(&bytes, bytes.len - 3);
	else
		bytes.buf[bytes.len - 2] ^= 1;
	fp = fopen(path, "w");
	fwrite(bytes.buf, 1, bytes.len, fp);
	fclose(fp);
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 0);
	CU_ASSERT_EQUAL(got.len, 0);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
	/* the next put repairs it */
	CU_ASSERT_EQUAL(result_cache_put(&key, "the result", 10), 0);
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 1);
	strbuf_release(&bytes);
	strbuf_release(&got);
	free(path);
}

static void test_flipped_byte_ignored(void)
{
	corrupt_and_check(0);
}

static void test_truncated_entry_ignored(void)
{
	corrupt_and_check(1);
}

static void test_unwritable_dir_only_fails_put(void)
{
	/* a regular file where the cache's directory goes: even root fails */
	char *ro = xstrfmt("%s/not-a-dir", scratch);
	struct result_key key;
	FILE *fp = fopen(ro, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fclose(fp);
	setenv("XDG_CACHE_HOME", ro, 1);
	make_key(&key, "unwritable");
	CU_ASSERT_EQUAL(result_cache_put(&key, "x", 1), -1);
	CU_ASSERT_EQUAL(result_cache_put(&key, "x", 1), -1);
	setenv("XDG_CACHE_HOME", scratch, 1);
	unlink(ro);
	free(ro);
}

static void test_disabled_does_nothing(void)
{
	struct strbuf got = STRBUF_INIT;
	struct result_key key;

	make_key(&key, "int a;"); /* stored by test_put_then_get */
	setenv("KMIGRATE_NO_CACHE", "1", 1);
	CU_ASSERT_EQUAL(result_cache_enabled(), 0);
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 0);
	CU_ASSERT_PTR_NULL(result_cache_dir());
	unsetenv("KMIGRATE_NO_CACHE");
	result_cache_disable();
	CU_ASSERT_EQUAL(result_cache_get(&key, &got), 0);
	strbuf_release(&got);
}

static const struct unit_test tests[] = {
	{ "a put entry is got back whole; other keys miss", test_put_then_get },
	{ "a changed file changes the key", test_changed_file_misses },
	{ "a flipped byte is a miss and the entry is removed",
	  test_flipped_byte_ignored },
	{ "a truncated entry is a miss and the entry is removed",
	  test_truncated_entry_ignored },
	{ "an unwritable cache fails only the put",
	  test_unwritable_dir_only_fails_put },
	{ "disabled: no read, no write", test_disabled_does_nothing },
	{ NULL, NULL }
};

int main(void)
{
	int ret;

	scratch = tempdir_create("test-result-cache");
	setenv("XDG_CACHE_HOME", scratch, 1);
	ret = unit_run("result-cache", tests);
	free(scratch);
	return ret;
}
