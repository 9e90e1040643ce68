/*
 * test-result-cache.c - the cache returns what was put, misses on any
 * changed field, ignores and removes a corrupt or truncated entry, does
 * nothing when disabled and only warns when its directory cannot be
 * written; believes no entry it did not tag itself (an edited payload
 * with its checksum made again, an entry moved under another key), and
 * uses no directory others may write and no key others may read
 * (SHA-256 and HMAC themselves: test-sha256.c, test-hmac.c).
 */
#include <fcntl.h>
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
	check_int(result_cache_get(&key, &got), 0);
	check_int(result_cache_put(&key, "payload\0x", 9), 0);
	check_int(result_cache_get(&key, &got), 1);
	check_int(got.len, 9);
	CU_ASSERT(!memcmp(got.buf, "payload\0x", 9));
	strbuf_reset(&got);
	make_key(&other, "int b;");
	check_int(result_cache_get(&other, &got), 0);
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
	check_int(result_key_add_file(&key, path), 0);
	check_int(result_cache_put(&key, "one", 3), 0);
	fp = fopen(path, "w");
	fputs("#define A 2\n", fp);
	fclose(fp);
	result_key_init(&key, "test");
	check_int(result_key_add_file(&key, path), 0);
	check_int(result_cache_get(&key, &got), 0);
	unlink(path);
	result_key_init(&key, "test");
	check_int(result_key_add_file(&key, path), -1);
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
	check_int(result_cache_put(&key, "the result", 10), 0);
	path = entry_of(&key);
	CU_ASSERT_FATAL(strbuf_read_file(&bytes, path) >= 0);
	if (truncate_it)
		strbuf_setlen(&bytes, bytes.len - 3);
	else
		bytes.buf[bytes.len - 2] ^= 1;
	fp = fopen(path, "w");
	fwrite(bytes.buf, 1, bytes.len, fp);
	fclose(fp);
	check_int(result_cache_get(&key, &got), 0);
	check_int(got.len, 0);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
	/* the next put repairs it */
	check_int(result_cache_put(&key, "the result", 10), 0);
	check_int(result_cache_get(&key, &got), 1);
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
	check_int(result_cache_put(&key, "x", 1), -1);
	check_int(result_cache_put(&key, "x", 1), -1);
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
	check_int(result_cache_enabled(), 0);
	check_int(result_cache_get(&key, &got), 0);
	CU_ASSERT_PTR_NULL(result_cache_dir());
	unsetenv("KMIGRATE_NO_CACHE");
	result_cache_disable();
	check_int(result_cache_get(&key, &got), 0);
	strbuf_release(&got);
}

static void write_bytes(const char *path, const struct strbuf *bytes)
{
	FILE *fp = fopen(path, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fwrite(bytes->buf, 1, bytes->len, fp);
	fclose(fp);
}

/*
 * The entry's header made again as anyone could, without the user's key:
 * the key field as given, the payload's length and its SHA-256
 */
static void forge_header(struct strbuf *entry, const char *key_hex)
{
	char *nl = memchr(entry->buf, '\n', entry->len);
	size_t head = (size_t)(nl + 1 - entry->buf);
	unsigned char digest[SHA256_LEN];
	char sum[SHA256_HEX_LEN + 1];
	struct strbuf forged = STRBUF_INIT;

	char *format_end = memchr(memchr(entry->buf, ' ', head) + 1, ' ', head);

	sha256_buffer(nl + 1, entry->len - head, digest);
	sha256_hex(digest, sum);
	/* the magic and the format as they were */
	strbuf_add(&forged, entry->buf, (size_t)(format_end - entry->buf));
	strbuf_addf(&forged, " %s %zu %s\n", key_hex, entry->len - head, sum);
	strbuf_add(&forged, nl + 1, entry->len - head);
	strbuf_reset(entry);
	strbuf_add(entry, forged.buf, forged.len);
	strbuf_release(&forged);
}

static void test_forged_entry_misses(void)
{
	struct strbuf got = STRBUF_INIT, bytes = STRBUF_INIT;
	struct result_key key;
	char *path;

	make_key(&key, "forged");
	check_int(result_cache_put(&key, "exit 1", 6), 0);
	path = entry_of(&key);
	CU_ASSERT_FATAL(strbuf_read_file(&bytes, path) >= 0);
	bytes.buf[bytes.len - 1] = '0';		    /* the verdict edited... */
	forge_header(&bytes, result_key_hex(&key)); /* ...and summed again */
	write_bytes(path, &bytes);
	check_int(result_cache_get(&key, &got), 0);
	check_int(got.len, 0);
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);
	strbuf_release(&bytes);
	strbuf_release(&got);
	free(path);
}

static void test_moved_entry_misses(void)
{
	struct strbuf got = STRBUF_INIT, bytes = STRBUF_INIT;
	struct result_key key, other;
	char *path, *other_path;
	const char *hex;

	make_key(&key, "genuine");
	make_key(&other, "elsewhere");
	check_int(result_cache_put(&key, "its result", 10), 0);
	check_int(result_cache_put(&other, "x", 1), 0);
	path = entry_of(&key);
	other_path = entry_of(&other);
	CU_ASSERT_FATAL(strbuf_read_file(&bytes, path) >= 0);
	/* the genuine tag kept, the key in the header the other one's */
	hex = result_key_hex(&other);
	memcpy(bytes.buf + strlen("kmigrate-result-cache 2 "), hex,
	       SHA256_HEX_LEN);
	write_bytes(other_path, &bytes);
	check_int(result_cache_get(&other, &got), 0);
	check_int(result_cache_get(&key, &got), 1);
	strbuf_release(&bytes);
	strbuf_release(&got);
	free(path);
	free(other_path);
}

/* a cache under base/NAME, whose directory and key the caller sets up */
static char *use_base(const char *name)
{
	char *base = xstrfmt("%s/%s", scratch, name);

	check_int_fatal(mkdir(base, 0700), 0);
	setenv("XDG_CACHE_HOME", base, 1);
	return base;
}

/* no directory, nothing read, nothing written: the run goes on */
static void assert_refused(const char *base)
{
	struct strbuf got = STRBUF_INIT;
	struct result_key key;
	char *dir = xstrfmt("%s/kmigrate", base), *sub;

	CU_ASSERT_PTR_NULL(result_cache_dir());
	make_key(&key, "refused");
	check_int(result_cache_put(&key, "x", 1), -1);
	check_int(result_cache_get(&key, &got), 0);
	sub = xstrfmt("%s/%.2s", dir, result_key_hex(&key));
	CU_ASSERT_NOT_EQUAL(access(sub, F_OK), 0);
	setenv("XDG_CACHE_HOME", scratch, 1);
	strbuf_release(&got);
	free(sub);
	free(dir);
}

static void test_open_dir_refused(void)
{
	char *base = use_base("open"), *dir = xstrfmt("%s/kmigrate", base);

	check_int_fatal(mkdir(dir, 0777), 0);
	check_int_fatal(chmod(dir, 0777), 0);
	assert_refused(base);
	free(dir);
	free(base);
}

static void test_key_made_private(void)
{
	char *base = use_base("fresh"), *key = xstrfmt("%s/kmigrate.key", base);
	struct stat st;

	CU_ASSERT_PTR_NOT_NULL(result_cache_dir());
	check_int_fatal(stat(key, &st), 0);
	check_int(st.st_mode & 07777, 0600);
	check_int(st.st_size, 32);
	setenv("XDG_CACHE_HOME", scratch, 1);
	free(key);
	free(base);
}

static void test_readable_key_refused(void)
{
	char *base = use_base("readable"),
	     *key = xstrfmt("%s/kmigrate.key", base);
	int fd = open(key, O_WRONLY | O_CREAT | O_EXCL, 0644);

	CU_ASSERT_FATAL(fd >= 0);
	check_int(write(fd, "0123456789abcdef0123456789abcdef", 32), 32);
	close(fd);
	check_int_fatal(chmod(key, 0644), 0);
	assert_refused(base);
	free(key);
	free(base);
}

static void test_key_link_refused(void)
{
	char *base = use_base("link"), *key = xstrfmt("%s/kmigrate.key", base),
	     *target = xstrfmt("%s/fresh/kmigrate.key", scratch);

	check_int_fatal(symlink(target, key), 0);
	assert_refused(base);
	free(target);
	free(key);
	free(base);
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
	{ "an edited entry with its checksum made again is a miss",
	  test_forged_entry_misses },
	{ "an entry moved under another key is a miss",
	  test_moved_entry_misses },
	{ "a directory others may write is not used", test_open_dir_refused },
	{ "the key is made 32 bytes, mode 0600", test_key_made_private },
	{ "a key others may read is refused", test_readable_key_refused },
	{ "a key that is a symbolic link is refused", test_key_link_refused },
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
