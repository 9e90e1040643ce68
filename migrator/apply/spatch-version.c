/*
 * spatch-version.c - which spatch runs, and its version (see spatch.h).
 *
 * Contract: spatch_check() finds the file PATH gives for "spatch" as
 * execvp() looks it up (the first regular, executable file of that name
 * in PATH's directories, "/bin:/usr/bin" without PATH), and names it by
 * a SHA-256 of its path, device, inode, size and times (v->binary): a
 * binary replaced, rebuilt, touched or found elsewhere is another one.
 * What "spatch --version" says is kept in the result cache under that
 * name, so a second run does not exec it (40 ms); a miss, a damaged
 * entry, --no-cache or a spatch PATH does not find runs it, as always.
 * A wrapper script is named by its own file, not by the program it
 * runs.  The version is then judged, from the cache or not.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result-cache.h"
#include "run-command.h"
#include "sha256.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

#define SPATCH_HINT "install it with 'apt-get install coccinelle'"

int spatch_parse_version(const char *text, struct spatch_version *v)
{
	const char *p = strstr(text, "version ");
	int n;

	if (!p)
		return -1;
	p += strlen("version ");
	v->major = v->minor = v->patch = 0;
	n = sscanf(p, "%d.%d.%d", &v->major, &v->minor, &v->patch);
	if (n < 2 || v->major < 0 || v->minor < 0 || v->patch < 0)
		return -1;
	return 0;
}

/* the program execvp() runs for name, in path; -1 if none is found */
static int find_program(const char *name, struct strbuf *path, struct stat *st)
{
	const char *dirs = getenv("PATH");

	if (!dirs)
		dirs = "/bin:/usr/bin";
	for (;;) {
		const char *end = strchrnul(dirs, ':');

		strbuf_reset(path);
		if (end == dirs)
			strbuf_addch(path, '.');
		else
			strbuf_add(path, dirs, (size_t)(end - dirs));
		strbuf_addf(path, "/%s", name);
		if (!stat(path->buf, st) && S_ISREG(st->st_mode) &&
		    !access(path->buf, X_OK))
			return 0;
		if (!*end)
			return -1;
		dirs = end + 1;
	}
}

/* v->binary: the name of the spatch PATH finds; "" if it finds none */
static void name_binary(struct spatch_version *v)
{
	struct strbuf path = STRBUF_INIT, id = STRBUF_INIT;
	unsigned char digest[SHA256_LEN];
	struct stat st;

	v->binary[0] = '\0';
	if (!find_program(SPATCH_PROGRAM, &path, &st)) {
		strbuf_addf(&id, "%s%c%llu %llu %llu %lld.%09ld %lld.%09ld",
			    path.buf, '\0', (unsigned long long)st.st_dev,
			    (unsigned long long)st.st_ino,
			    (unsigned long long)st.st_size,
			    (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			    (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
		sha256_buffer(id.buf, id.len, digest);
		sha256_hex(digest, v->binary);
	}
	strbuf_release(&id);
	strbuf_release(&path);
}

static void version_key(struct result_key *key, const struct spatch_version *v)
{
	result_key_init(key, "spatch-version");
	result_key_addstr(key, v->binary);
}

int spatch_version_cached(void)
{
	struct spatch_version v;
	struct strbuf out = STRBUF_INIT;
	struct result_key key;
	int known;

	memset(&v, 0, sizeof(v));
	name_binary(&v);
	version_key(&key, &v);
	known = v.binary[0] && result_cache_enabled() &&
		result_cache_get(&key, &out) > 0 &&
		!spatch_parse_version(out.buf, &v);
	strbuf_release(&out);
	return known;
}

/* "spatch --version" as run or as cached: 0, or -1 with *msg said */
static int read_version(struct spatch_version *v, struct strbuf *msg)
{
	struct strbuf out = STRBUF_INIT;
	struct child_process cp;
	struct result_key key;
	int cacheable = v->binary[0] && result_cache_enabled(), ret = 0;

	version_key(&key, v);
	if (cacheable && result_cache_get(&key, &out) > 0 &&
	    !spatch_parse_version(out.buf, v)) {
		strbuf_release(&out);
		return 0;
	}
	strbuf_release(&out);
	child_process_init(&cp);
	strlist_push(&cp.args, SPATCH_PROGRAM);
	strlist_push(&cp.args, "--version");
	cp.no_stdin = 1;
	cp.merge_err = 1;
	cp.timeout_sec = 60;
	ret = run_command(&cp);
	if (ret < 0 && errno == ENOENT)
		strbuf_addstr(msg, "cannot run 'spatch': not found in PATH");
	else if (ret < 0)
		strbuf_addf(msg, "cannot run 'spatch': %s", strerror(errno));
	else if (ret || spatch_parse_version(cp.out.buf, v))
		strbuf_addstr(msg,
			      "cannot run 'spatch': 'spatch --version' failed");
	else if (cacheable)
		result_cache_put(&key, cp.out.buf, cp.out.len);
	child_process_clear(&cp);
	return msg->len ? -1 : 0;
}

int spatch_check(struct spatch_version *v)
{
	struct strbuf msg = STRBUF_INIT;

	memset(v, 0, sizeof(*v));
	name_binary(v);
	if (!read_version(v, &msg) &&
	    (v->major < SPATCH_MIN_MAJOR ||
	     (v->major == SPATCH_MIN_MAJOR && v->minor < SPATCH_MIN_MINOR)))
		strbuf_addf(&msg,
			    "cannot use 'spatch' %d.%d.%d: version %d.%d or "
			    "later is needed",
			    v->major, v->minor, v->patch, SPATCH_MIN_MAJOR,
			    SPATCH_MIN_MINOR);
	if (!msg.len)
		return 0;
	fprintf(stderr, "%s: %s; " SPATCH_HINT "\n", km_progname, msg.buf);
	strbuf_release(&msg);
	return -1;
}
