/*
 * mbox.c - mail messages in git format-patch's layout (see mbox.h).
 *
 * Contract: everything here appends to a caller's strbuf and never fails.
 * Every header value passes through header_text() before it is written,
 * so no header holds a control character and a header is one line (and
 * the folds written here) whatever the caller gives.  An address in To
 * or Cc whose name is beyond ASCII is written the way From is (below),
 * and a subject beyond ASCII as git format-patch writes it, so headers
 * stay ASCII.
 * Dates are written with English day and month names whatever the locale.
 * A display name with RFC 2822 specials is quoted, one with bytes beyond
 * ASCII is written as an RFC 2047 encoded word ("=?UTF-8?q?...?="), so a
 * header never needs more than the declared 8-bit UTF-8 body encoding.
 * The SHA-1 here only names messages in their From_ lines; nothing relies
 * on it for security.  Installing into an existing directory moves the
 * files one by one (each rename atomic) and keeps the directory itself,
 * its permissions and whoever has it open.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mbox.h"
#include "tempfile.h"
#include "util.h"

void mbox_date(struct strbuf *out, time_t t, int tz_minutes)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed",
					    "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr",
					      "May", "Jun", "Jul", "Aug",
					      "Sep", "Oct", "Nov", "Dec" };
	time_t local = t + (time_t)tz_minutes * 60;
	int offset = tz_minutes < 0 ? -tz_minutes : tz_minutes;
	struct tm tm;

	gmtime_r(&local, &tm);
	strbuf_addf(out, "%s, %d %s %d %02d:%02d:%02d %c%02d%02d",
		    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
		    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec,
		    tz_minutes < 0 ? '-' : '+', offset / 60, offset % 60);
}

int mbox_local_tz(time_t t)
{
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return 0;
	return (int)(tm.tm_gmtoff / 60);
}

/* a control character (C0 or DEL): no header may hold one */
static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

size_t mbox_clean_header_text(char *s)
{
	size_t found = 0;
	char *to = s;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (!is_control(c)) {
			*to++ = *s;
			continue;
		}
		found += c != '\t';
		if (c == '\t' || c == '\n' || c == '\r')
			*to++ = ' ';
	}
	*to = '\0';
	return found;
}

/* s as a header may hold it: the one place header text is cleaned */
static char *header_text(const char *s)
{
	char *copy = xstrdup(s);

	mbox_clean_header_text(copy);
	return copy;
}

/* the bytes of the UTF-8 character at p (1 when it is not one) */
static size_t utf8_len(const unsigned char *p)
{
	size_t n = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc0 ? 2 : 1, i;

	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

/* must c be encoded in an encoded word (RFC 2047 sections 4.2, 5)? */
static int is_rfc2047_special(unsigned char c, int phrase)
{
	if (c >= 0x80 || isspace(c) || c == '=' || c == '?' || c == '_')
		return 1;
	return phrase && !isalnum(c) && !strchr("!*+-/", c);
}

/*
 * s as RFC 2047 "Q" encoded words, the way git format-patch writes
 * them: a character is never split, spaces are "=20", and in a subject
 * (!phrase) a word ends before column 76, the next on a folded line
 */
static void add_rfc2047(struct strbuf *out, const char *s, int phrase)
{
	const char *bol = strrchr(out->buf, '\n');
	size_t col = out->len - (bol ? (size_t)(bol + 1 - out->buf) : 0);

	strbuf_addstr(out, "=?UTF-8?q?");
	col += 10;
	while (*s) {
		const unsigned char *p = (const unsigned char *)s;
		size_t n = utf8_len(p), i;
		int special = n > 1 || is_rfc2047_special(*p, phrase);
		size_t len = special ? 3 * n : 1;

		if (!phrase && col + len + 2 > 76) {
			strbuf_addstr(out, "?=\n =?UTF-8?q?");
			col = 11;
		}
		for (i = 0; i < n; i++) {
			if (special)
				strbuf_addf(out, "=%02X", p[i]);
			else
				strbuf_addch(out, (char)p[i]);
		}
		col += len;
		s += n;
	}
	strbuf_addstr(out, "?=");
}

static int is_ascii(const char *s);

/* "[PATCH 1/2] caf\xc3\xa9": "[PATCH 1/2] " kept, the rest encoded */
static void add_encoded_subject(struct strbuf *out, const char *value)
{
	const char *close = *value == '[' ? strstr(value, "] ") : NULL;
	char *prefix = close ? xstrndup(value, (size_t)(close + 2 - value)) :
			       NULL;

	if (prefix && is_ascii(prefix)) {
		strbuf_addstr(out, prefix);
		value = close + 2;
	}
	free(prefix);
	add_rfc2047(out, value, 0);
	strbuf_addch(out, '\n');
}

void mbox_header(struct strbuf *out, const char *name, const char *value)
{
	size_t col = strlen(name) + 2;
	char *clean = header_text(value);
	const char *p = clean;
	int first = 1;

	strbuf_addf(out, "%s: ", name);
	if (!is_ascii(clean)) {
		add_encoded_subject(out, clean);
		free(clean);
		return;
	}
	while (*p) {
		size_t spaces = first ? 0 : strspn(p, " ");
		size_t word = strcspn(p + spaces, " ");

		if (!first && spaces && col + spaces + word > MBOX_LINE_MAX) {
			strbuf_addch(out, '\n');
			col = 0;
		}
		strbuf_add(out, p, spaces + word);
		col += spaces + word;
		p += spaces + word;
		first = 0;
	}
	strbuf_addch(out, '\n');
	free(clean);
}

/* an address as a header holds it: a name beyond ASCII encoded */
static void header_address(struct strbuf *out, const char *addr)
{
	char *name, *email, *clean = header_text(addr);

	strbuf_reset(out);
	if (is_ascii(clean) || mbox_split_ident(clean, &name, &email) < 0) {
		strbuf_addstr(out, clean);
	} else {
		mbox_format_ident(out, name, email);
		free(name);
		free(email);
	}
	free(clean);
}

void mbox_address_header(struct strbuf *out, const char *name,
			 const struct strlist *addresses)
{
	struct strbuf encoded = STRBUF_INIT;
	size_t i, col;

	if (!addresses || !addresses->nr)
		return;
	strbuf_addf(out, "%s: ", name);
	col = strlen(name) + 2;
	for (i = 0; i < addresses->nr; i++) {
		const char *addr;
		size_t len;

		header_address(&encoded, addresses->items[i].string);
		addr = encoded.buf;
		len = strlen(addr) + (i + 1 < addresses->nr);

		if (i && col + 1 + len > MBOX_LINE_MAX) {
			strbuf_addstr(out, "\n    ");
			col = 4;
		} else if (i) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_addstr(out, addr);
		if (i + 1 < addresses->nr)
			strbuf_addch(out, ',');
		col += len;
	}
	strbuf_addch(out, '\n');
	strbuf_release(&encoded);
}

static char *trimmed(const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"')
		s++, len -= 2;
	return xstrndup(s, len);
}

int mbox_split_ident(const char *ident, char **name, char **email)
{
	const char *open = strrchr(ident, '<');
	const char *close = open ? strchr(open, '>') : NULL;

	if (!open || !close || close == open + 1)
		return -1;
	*name = trimmed(ident, (size_t)(open - ident));
	*email = trimmed(open + 1, (size_t)(close - open - 1));
	return 0;
}

static int is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

void mbox_format_ident(struct strbuf *out, const char *name, const char *email)
{
	char *clean_name = header_text(name), *clean_email = header_text(email);
	const char *p;

	if (!*clean_name) {
		strbuf_addstr(out, clean_email);
		goto out_free;
	}
	if (!is_ascii(clean_name)) {
		add_rfc2047(out, clean_name, 1);
	} else if (strpbrk(clean_name, "()<>[]:;@\\,.\"")) {
		strbuf_addch(out, '"');
		for (p = clean_name; *p; p++) {
			if (*p == '"' || *p == '\\')
				strbuf_addch(out, '\\');
			strbuf_addch(out, *p);
		}
		strbuf_addch(out, '"');
	} else {
		strbuf_addstr(out, clean_name);
	}
	strbuf_addf(out, " <%s>", clean_email);
out_free:
	free(clean_name);
	free(clean_email);
}

static int is_title_char(int c)
{
	return isalnum(c) || c == '.' || c == '_';
}

void mbox_subject_filename(struct strbuf *out, const char *subject, size_t max)
{
	size_t start = out->len;
	int pending_dash = 0;
	const char *p;

	for (p = subject; *p && out->len - start < max; p++) {
		unsigned char c = (unsigned char)*p;

		if (!is_title_char(c) || c >= 0x80) {
			pending_dash = out->len > start;
			continue;
		}
		if (pending_dash) {
			strbuf_addch(out, '-');
			pending_dash = 0;
			if (out->len - start >= max)
				break;
		}
		if (c == '.' && out->len > start &&
		    out->buf[out->len - 1] == '.')
			continue;
		strbuf_addch(out, c);
	}
	while (out->len > start &&
	       (out->buf[out->len - 1] == '.' || out->buf[out->len - 1] == '-'))
		strbuf_setlen(out, out->len - 1);
}

void mbox_signature(struct strbuf *out, const char *version)
{
	strbuf_addf(out, "-- \nkmigrate %s\n\n", version);
}

void mbox_message(struct strbuf *out, const struct mbox_message *msg,
		  const char *body, size_t body_len)
{
	struct strbuf mail = STRBUF_INIT;
	char *name, *email, hex[41];

	strbuf_addstr(&mail, "From: ");
	if (!mbox_split_ident(msg->from, &name, &email)) {
		mbox_format_ident(&mail, name, email);
		free(name);
		free(email);
	} else {
		char *clean = header_text(msg->from);

		strbuf_addstr(&mail, clean);
		free(clean);
	}
	strbuf_addstr(&mail, "\nDate: ");
	mbox_date(&mail, msg->date, msg->tz_minutes);
	strbuf_addch(&mail, '\n');
	mbox_header(&mail, "Subject", msg->subject);
	mbox_address_header(&mail, "To", msg->to);
	mbox_address_header(&mail, "Cc", msg->cc);
	strbuf_addstr(&mail, "MIME-Version: 1.0\n"
			     "Content-Type: text/plain; charset=UTF-8\n"
			     "Content-Transfer-Encoding: 8bit\n\n");
	strbuf_add(&mail, body, body_len);
	if (msg->zero_id) {
		memset(hex, '0', 40);
		hex[40] = '\0';
	} else {
		mbox_sha1_hex(mail.buf, mail.len, hex);
	}
	strbuf_addf(out, "From %s Mon Sep 17 00:00:00 2001\n", hex);
	strbuf_add(out, mail.buf, mail.len);
	strbuf_release(&mail);
}

int mbox_is_series_name(const char *name)
{
	size_t len = strlen(name);

	return len > 11 && strspn(name, "0123456789") == 4 && name[4] == '-' &&
	       !strcmp(name + len - 6, ".patch");
}

int mbox_dir_check(const char *dir, int *exists)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int ret = 0;

	*exists = !!d || errno != ENOENT;
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d))) {
		struct stat st;
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		if (!mbox_is_series_name(de->d_name) || lstat(path, &st) ||
		    !S_ISREG(st.st_mode))
			ret = -1;
		free(path);
	}
	closedir(d);
	errno = 0;
	return ret;
}

char *mbox_dir_stage(const char *dir)
{
	char *base = xstrdup(dir), *slash, *parent, *prefix, *staged;
	size_t len = strlen(base);

	while (len > 1 && base[len - 1] == '/')
		base[--len] = '\0';
	slash = strrchr(base, '/');
	parent = slash ? xstrndup(base, (size_t)(slash - base)) : xstrdup(".");
	if (!*parent) {
		free(parent);
		parent = xstrdup("/");
	}
	prefix = xstrfmt(".%s.kmigrate-", slash ? slash + 1 : base);
	/* what a killed run staged here is never used, only removed */
	tempfile_remove_stale(parent, prefix);
	staged = tempdir_make(parent, prefix);
	if (!staged)
		error_errno("cannot create a directory beside '%s'", dir);
	free(prefix);
	free(parent);
	free(base);
	return staged;
}

int mbox_dir_write(const char *staged, const char *name, const char *buf,
		   size_t len)
{
	char *path = xstrfmt("%s/%s", staged, name);
	FILE *fp;
	int ret = 0;

	fp = fopen(path, "wx");
	if (!fp || fwrite(buf, 1, len, fp) != len)
		ret = error_errno("cannot write '%s'", path);
	if (fp && fclose(fp) && !ret)
		ret = error_errno("cannot write '%s'", path);
	free(path);
	return ret;
}

void mbox_dir_unstage(const char *staged)
{
	if (staged)
		tempdir_remove(staged);
}

/* the series files of dir that are not among names */
static void remove_old_series(const char *dir, const struct strlist *names)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	while (d && (de = readdir(d))) {
		char *path;

		if (!mbox_is_series_name(de->d_name) ||
		    strlist_find(names, de->d_name) >= 0)
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		if (unlink(path))
			warning("cannot remove '%s' of the previous series: %s",
				path, strerror(errno));
		free(path);
	}
	if (d)
		closedir(d);
}

static int move_files(const char *staged, const char *dir,
		      const struct strlist *names)
{
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < names->nr; i++) {
		char *from = xstrfmt("%s/%s", staged, names->items[i].string);
		char *to = xstrfmt("%s/%s", dir, names->items[i].string);

		if (rename(from, to))
			ret = error_errno("cannot move '%s' to '%s'", from, to);
		free(from);
		free(to);
	}
	return ret;
}

/* install, with the signals deferred: a signal waits for it to end */
static int install(const char *staged, const char *dir, int exists,
		   const struct strlist *names)
{
	if (!exists) {
		if (rename(staged, dir))
			return error_errno("cannot rename '%s' to '%s'", staged,
					   dir);
		tempdir_forget(staged);
		return 0;
	}
	if (move_files(staged, dir, names))
		return -1;
	tempdir_remove(staged);
	remove_old_series(dir, names);
	return 0;
}

int mbox_dir_install(const char *staged, const char *dir, int exists,
		     const struct strlist *names)
{
	int ret;

	tempfile_defer_signals();
	ret = install(staged, dir, exists, names);
	tempfile_undefer_signals();
	return ret;
}

/* SHA-1 (FIPS 180-4), one 64-byte block at a time */
static uint32_t rol32(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static void sha1_block(uint32_t h[5], const unsigned char *block)
{
	uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)block[4 * i] << 24 |
		       (uint32_t)block[4 * i + 1] << 16 |
		       (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	for (i = 0; i < 80; i++) {
		uint32_t f, k, t;

		if (i < 20)
			f = (b & c) | (~b & d), k = 0x5a827999;
		else if (i < 40)
			f = b ^ c ^ d, k = 0x6ed9eba1;
		else if (i < 60)
			f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
		else
			f = b ^ c ^ d, k = 0xca62c1d6;
		t = rol32(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol32(b, 30);
		b = a;
		a = t;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void mbox_sha1_hex(const void *data, size_t len, char hex[41])
{
	uint32_t h[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
			  0xc3d2e1f0 };
	const unsigned char *p = data;
	unsigned char tail[128];
	uint64_t bits = (uint64_t)len * 8;
	size_t rest, tail_len, i;

	for (; len >= 64; p += 64, len -= 64)
		sha1_block(h, p);
	rest = len;
	memset(tail, 0, sizeof(tail));
	memcpy(tail, p, rest);
	tail[rest] = 0x80;
	tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
	for (i = 0; i < 8; i++)
		tail[tail_len - 1 - i] = (unsigned char)(bits >> (8 * i));
	sha1_block(h, tail);
	if (tail_len == 128)
		sha1_block(h, tail + 64);
	for (i = 0; i < 5; i++)
		sprintf(hex + 8 * i, "%08x", h[i]);
	hex[40] = '\0';
}
