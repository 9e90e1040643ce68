/*
 * result-cache.c - the on-disk content-addressed store; see
 * result-cache.h for the contract and the entry format.
 *
 * An entry is written to a temporary file beside it (tempfile.h removes
 * it on an interrupt) and renamed into place, never flushed to disk: a
 * cache need not survive a crash, and an entry a crash truncates or
 * empties fails its header's length and checksum, so it is a miss.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result-cache.h"
#include "tempfile.h"
#include "util.h"

#define CACHE_MAGIC "kmigrate-result-cache"
#define CACHE_FORMAT 1

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static int cache_disabled;
static int cache_warned;
static struct strbuf cache_dir = STRBUF_INIT;

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

const char *result_cache_dir(void)
{
	const char *base;

	if (!result_cache_enabled())
		return NULL;
	strbuf_reset(&cache_dir);
	base = getenv("XDG_CACHE_HOME");
	if (base && *base == '/')
		strbuf_addf(&cache_dir, "%s/kmigrate", base);
	else if ((base = getenv("HOME")) && *base)
		strbuf_addf(&cache_dir, "%s/.cache/kmigrate", base);
	else
		return NULL;
	return cache_dir.buf;
}

static char *entry_path(struct result_key *key)
{
	const char *hex = result_key_hex(key);
	const char *dir = result_cache_dir();

	if (!dir)
		return NULL;
	return xstrfmt("%s/%.2s/%s", dir, hex, hex + 2);
}

static void payload_hex(const void *payload, size_t len,
			char hex[SHA256_HEX_LEN + 1])
{
	unsigned char digest[SHA256_LEN];

	sha256_buffer(payload, len, digest);
	sha256_hex(digest, hex);
}

/* the header line an entry for key with this payload must open with */
static void entry_header(struct strbuf *sb, struct result_key *key,
			 const void *payload, size_t len)
{
	char sum[SHA256_HEX_LEN + 1];

	payload_hex(payload, len, sum);
	strbuf_addf(sb, "%s %d %s %zu %s\n", CACHE_MAGIC, CACHE_FORMAT,
		    result_key_hex(key), len, sum);
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
	else if (!cache_warned) {
		warning("cannot write the result cache '%s': %s",
			result_cache_dir(), strerror(errno));
		cache_warned = 1;
	}
	strbuf_release(&entry);
	free(path);
	return ret;
}
