/*
 * result-cache.c - the on-disk content-addressed store; see
 * result-cache.h for the contract, the entry format and what is trusted.
 *
 * An entry is written to a temporary file beside it (tempfile.h removes
 * it on an interrupt) and renamed into place, never flushed to disk: a
 * cache need not survive a crash, and an entry a crash truncates or
 * empties fails its header's length and tag, so it is a miss.
 *
 * The directory is checked, and the user's key read (or made), once for
 * each directory the environment names (once a run, but for the tests);
 * the key tagging the entries is derived then from the user's key,
 * kmigrate's version and the SHA-256 of its own binary, hashed once a
 * run (/proc/self/exe: some 2 MB, about a millisecond with SHA-NI).
 * That state is behind cache_lock, so any thread may get and put.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result-cache.h"
#include "tempfile.h"
#include "util.h"

#define CACHE_MAGIC "kmigrate-result-cache"
#define CACHE_FORMAT 2
#define USER_KEY_LEN 32

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static int cache_disabled;
static int cache_warned;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct strbuf cache_dir = STRBUF_INIT; /* the one last checked */
static int cache_usable;		      /* it passed; tagger is keyed */
static struct hmac_sha256 tagger;	      /* keyed, nothing added */

void result_key_init(struct result_key *key, const char *kind)
{
	sha256_init(&key->ctx);
	key->done = 0;
	result_key_addstr(key, CACHE_MAGIC);
	result_key_addstr(key, KMIGRATE_VERSION);
	result_key_addstr(key, kind);
}

void result_key_add(struct result_key *key, const void *data, size_t len)
{
	unsigned char prefix[8];
	uint64_t n = len;
	int i;

	if (key->done)
		die("result cache: field added to a finished key");
	for (i = 0; i < 8; i++)
		prefix[i] = n >> (56 - 8 * i);
	sha256_update(&key->ctx, prefix, sizeof(prefix));
	sha256_update(&key->ctx, data, len);
}

void result_key_addstr(struct result_key *key, const char *s)
{
	result_key_add(key, s, strlen(s));
}

int result_key_add_file(struct result_key *key, const char *path)
{
	struct strbuf bytes = STRBUF_INIT;

	if (strbuf_read_file(&bytes, path) < 0) {
		int saved = errno;

		strbuf_release(&bytes);
		errno = saved;
		return -1;
	}
	result_key_add(key, bytes.buf, bytes.len);
	strbuf_release(&bytes);
	return 0;
}

void result_key_add_file_or_none(struct result_key *key, const char *path)
{
	if (result_key_add_file(key, path) < 0)
		result_key_addstr(key, "(none)");
}

const char *result_key_hex(struct result_key *key)
{
	unsigned char digest[SHA256_LEN];

	if (!key->done) {
		sha256_final(&key->ctx, digest);
		sha256_hex(digest, key->hex);
		key->done = 1;
	}
	return key->hex;
}

void result_cache_disable(void)
{
	cache_disabled = 1;
}

int result_cache_enabled(void)
{
	const char *env = getenv("KMIGRATE_NO_CACHE");

	if (env && *env && strcmp(env, "0"))
		return 0;
	return !cache_disabled;
}

/* one warning a run for all that goes wrong with the cache */
__attribute__((format(printf, 1, 2))) static void cache_warning(const char *fmt,
								...)
{
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	if (__atomic_exchange_n(&cache_warned, 1, __ATOMIC_RELAXED))
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	warning("%s", msg.buf);
	strbuf_release(&msg);
}

static int mkdir_parents(char *path)
{
	char *slash;

	for (slash = strchr(path + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*slash = '/';
			return -1;
		}
		*slash = '/';
	}
	return 0;
}

/* what is wrong with a file or directory of the cache, NULL if nothing */
static const char *not_private(const struct stat *st, mode_t forbidden)
{
	if (st->st_uid != geteuid())
		return "owned by another user";
	if (st->st_mode & forbidden)
		return forbidden & 0040 ?
			       "readable or writable by group or others" :
			       "writable by group or others";
	return NULL;
}

/* the directory, made if need be: ours and writable by no one else */
static int check_dir(const char *dir)
{
	char *slashed = xstrfmt("%s/", dir);
	const char *why;
	struct stat st;
	int ret = -1;

	if (mkdir_parents(slashed) < 0 || stat(dir, &st) < 0) {
		cache_warning("cannot write the result cache '%s': %s", dir,
			      strerror(errno));
		goto out_free;
	}
	why = S_ISDIR(st.st_mode) ? not_private(&st, 0022) : "not a directory";
	if (why)
		cache_warning("ignoring the result cache '%s': %s", dir, why);
	else
		ret = 0;
out_free:
	free(slashed);
	return ret;
}

static int random_bytes(unsigned char *buf, size_t len)
{
	ssize_t done;
	int fd;

	while (len) {
		done = getrandom(buf, len, 0);
		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0)
			break;
		buf += done;
		len -= (size_t)done;
	}
	if (!len)
		return 0;
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (len) {
		done = read(fd, buf, len);
		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0)
			break;
		buf += done;
		len -= (size_t)done;
	}
	close(fd);
	return len ? -1 : 0;
}

/*
 * A new random key at path, whole or not at all: written to a file of
 * its own (O_EXCL, mode 0600) and linked to path, which is never
 * replaced: when another run made it first, that key stands
 */
static int make_user_key(const char *path)
{
	unsigned char key[USER_KEY_LEN];
	char *tmp;
	int fd, ret = -1, saved;

	if (random_bytes(key, sizeof(key)) < 0)
		return -1;
	fd = tempfile_mkstemp(path, &tmp);
	if (fd < 0)
		goto out_clear;
	if (write(fd, key, sizeof(key)) != (ssize_t)sizeof(key)) {
		saved = errno;
		close(fd);
		errno = saved;
	} else if (!close(fd) && (!link(tmp, path) || errno == EEXIST)) {
		ret = 0;
	}
	saved = errno;
	tempfile_remove(tmp);
	free(tmp);
	errno = saved;
out_clear:
	memset(key, 0, sizeof(key));
	return ret;
}

/* the user's key at path, made on first use; -1 when it is refused */
static int read_user_key(const char *path, unsigned char key[USER_KEY_LEN])
{
	const char *why = NULL;
	struct stat st;
	int fd, ret = -1;

	/* O_NONBLOCK: a FIFO put there is refused, not waited on */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && !make_user_key(path))
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		why = strerror(errno);
		goto out_warn;
	}
	why = S_ISREG(st.st_mode) ? not_private(&st, 0077) :
				    "not a regular file";
	if (!why && (st.st_size != USER_KEY_LEN ||
		     read(fd, key, USER_KEY_LEN) != USER_KEY_LEN))
		why = "not a key of 32 bytes";
	if (!why)
		ret = 0;
out_warn:
	if (why)
		cache_warning("ignoring the result cache: its key '%s': %s",
			      path, why);
	if (fd >= 0)
		close(fd);
	return ret;
}

/* the SHA-256 of the running binary, hashed once */
static const unsigned char *build_digest(void)
{
	static unsigned char digest[SHA256_LEN];
	static int done;
	struct strbuf exe = STRBUF_INIT;

	if (!done) {
		/* unreadable: the digest of nothing; the version counts */
		strbuf_read_file(&exe, "/proc/self/exe");
		sha256_buffer(exe.buf, exe.len, digest);
		strbuf_release(&exe);
		done = 1;
	}
	return digest;
}

/* dir checked and the tagger keyed for it: 0, or -1 (warned) */
static int open_cache(const char *dir)
{
	unsigned char user_key[USER_KEY_LEN], build_key[SHA256_LEN];
	struct hmac_sha256 derive;
	char *key_path;
	int ret = -1;

	if (check_dir(dir) < 0)
		return -1;
	key_path = xstrfmt("%s.key", dir);
	if (read_user_key(key_path, user_key) == 0) {
		hmac_sha256_init(&derive, user_key, sizeof(user_key));
		hmac_sha256_update(&derive, "kmigrate build ", 15);
		hmac_sha256_update(&derive, KMIGRATE_VERSION,
				   strlen(KMIGRATE_VERSION) + 1);
		hmac_sha256_update(&derive, build_digest(), SHA256_LEN);
		hmac_sha256_final(&derive, build_key);
		hmac_sha256_init(&tagger, build_key, sizeof(build_key));
		ret = 0;
	}
	memset(user_key, 0, sizeof(user_key));
	memset(build_key, 0, sizeof(build_key));
	memset(&derive, 0, sizeof(derive));
	free(key_path);
	return ret;
}

const char *result_cache_dir(void)
{
	struct strbuf dir = STRBUF_INIT;
	const char *base, *ret = NULL;

	if (!result_cache_enabled())
		return NULL;
	base = getenv("XDG_CACHE_HOME");
	if (base && *base == '/')
		strbuf_addf(&dir, "%s/kmigrate", base);
	else if ((base = getenv("HOME")) && *base)
		strbuf_addf(&dir, "%s/.cache/kmigrate", base);
	else
		return NULL;
	pthread_mutex_lock(&cache_lock);
	if (!cache_dir.len || strcmp(dir.buf, cache_dir.buf)) {
		strbuf_reset(&cache_dir);
		strbuf_add(&cache_dir, dir.buf, dir.len);
		cache_usable = open_cache(cache_dir.buf) == 0;
	}
	if (cache_usable)
		ret = cache_dir.buf;
	pthread_mutex_unlock(&cache_lock);
	strbuf_release(&dir);
	return ret;
}

static char *entry_path(struct result_key *key)
{
	const char *hex = result_key_hex(key);
	const char *dir = result_cache_dir();

	if (!dir)
		return NULL;
	return xstrfmt("%s/%.2s/%s", dir, hex, hex + 2);
}

/*
 * The header line an entry for key with this payload must open with:
 * its tag authenticates the rest of the line and the payload
 */
static void entry_header(struct strbuf *sb, struct result_key *key,
			 const void *payload, size_t len)
{
	struct hmac_sha256 ctx = tagger;
	unsigned char tag[SHA256_LEN];
	char hex[SHA256_HEX_LEN + 1];
	size_t start = sb->len;

	strbuf_addf(sb, "%s %d %s %zu\n", CACHE_MAGIC, CACHE_FORMAT,
		    result_key_hex(key), len);
	hmac_sha256_update(&ctx, sb->buf + start, sb->len - start);
	hmac_sha256_update(&ctx, payload, len);
	hmac_sha256_final(&ctx, tag);
	sha256_hex(tag, hex);
	strbuf_setlen(sb, sb->len - 1);
	strbuf_addf(sb, " %s\n", hex);
}

/* the payload of a well-formed entry for key, or -1 */
static int entry_parse(struct strbuf *entry, struct result_key *key,
		       struct strbuf *payload)
{
	struct strbuf want = STRBUF_INIT;
	char *nl = memchr(entry->buf, '\n', entry->len);
	size_t head, len;
	int ret = -1;

	if (!nl)
		return -1;
	head = nl + 1 - entry->buf;
	len = entry->len - head;
	entry_header(&want, key, entry->buf + head, len);
	if (want.len == head && !memcmp(want.buf, entry->buf, head)) {
		strbuf_remove(entry, 0, head);
		if (payload->len) {
			strbuf_add(payload, entry->buf, entry->len);
		} else { /* take the bytes, not a copy of them */
			struct strbuf empty = *payload;

			*payload = *entry;
			*entry = empty;
		}
		ret = 0;
	}
	strbuf_release(&want);
	return ret;
}

int result_cache_get(struct result_key *key, struct strbuf *payload)
{
	struct strbuf entry = STRBUF_INIT;
	char *path = entry_path(key);
	int hit = 0;

	if (!path)
		return 0;
	if (strbuf_read_file(&entry, path) >= 0) {
		if (entry_parse(&entry, key, payload) == 0)
			hit = 1;
		else
			unlink(path); /* corrupt or truncated: never trusted */
	}
	strbuf_release(&entry);
	free(path);
	return hit;
}

/* path holds buf, whole or not at all; -1 with errno */
static int write_entry(const char *path, const char *buf, size_t len)
{
	char *tmp;
	int fd = tempfile_mkstemp(path, &tmp), saved;

	if (fd < 0)
		return -1;
	while (len) {
		ssize_t done = write(fd, buf, len);

		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0)
			goto out_close_tmp;
		buf += done;
		len -= (size_t)done;
	}
	if (close(fd) < 0 || rename(tmp, path) < 0)
		goto out_remove_tmp;
	tempfile_forget(tmp);
	free(tmp);
	return 0;
out_close_tmp:
	saved = errno;
	close(fd);
	errno = saved;
out_remove_tmp:
	saved = errno;
	tempfile_remove(tmp);
	free(tmp);
	errno = saved;
	return -1;
}

int result_cache_put(struct result_key *key, const void *payload, size_t len)
{
	struct strbuf entry = STRBUF_INIT;
	char *path = entry_path(key);
	int ret = -1;

	if (!path)
		return result_cache_enabled() ? -1 : 0;
	entry_header(&entry, key, payload, len);
	strbuf_add(&entry, payload, len);
	if (mkdir_parents(path) == 0 &&
	    write_entry(path, entry.buf, entry.len) == 0)
		ret = 0;
	else
		cache_warning("cannot write the result cache '%s': %s",
			      result_cache_dir(), strerror(errno));
	strbuf_release(&entry);
	free(path);
	return ret;
}
