/*
 * strbuf.c - growable strings (see strbuf.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"
#include "util.h"

char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = 0;
	sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *out;

	if (!sb->alloc)
		strbuf_grow(sb, 0);
	out = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return out;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;
	int fresh = !sb->alloc;

	if (want < sb->len)
		die("string too long");
	if (want <= sb->alloc)
		return;
	if (fresh)
		sb->buf = NULL;
	sb->alloc = want < 64 ? 64 : want + want / 2;
	sb->buf = xrealloc(sb->buf, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc) {
		if (len)
			die("strbuf_setlen() beyond an empty buffer");
		return;
	}
	if (len >= sb->alloc)
		die("strbuf_setlen() beyond the buffer");
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("cannot format '%s'", fmt);
	strbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_insert(struct strbuf *sb, size_t pos, const void *data, size_t len)
{
	if (pos > sb->len)
		die("strbuf_insert() beyond the end");
	strbuf_grow(sb, len);
	memmove(sb->buf + pos + len, sb->buf + pos, sb->len - pos);
	memcpy(sb->buf + pos, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_remove(struct strbuf *sb, size_t pos, size_t len)
{
	if (pos > sb->len || len > sb->len - pos)
		die("strbuf_remove() beyond the end");
	if (!len)
		return;
	memmove(sb->buf + pos, sb->buf + pos + len, sb->len - pos - len);
	sb->len -= len;
	sb->buf[sb->len] = '\0';
}

void strbuf_rtrim(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == ' ' || sb->buf[sb->len - 1] == '\t' ||
		sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		sb->len--;
	if (sb->alloc)
		sb->buf[sb->len] = '\0';
}

void strbuf_add_squeezed(struct strbuf *sb, const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i] && strchr(" \t\n\r\v\f", p[i])) {
			if (sb->len && sb->buf[sb->len - 1] != ' ')
				strbuf_addch(sb, ' ');
			continue;
		}
		strbuf_addch(sb, p[i]);
	}
}

int strbuf_read_fd(struct strbuf *sb, int fd)
{
	return strbuf_read_fd_max(sb, fd, SIZE_MAX - 1);
}

int strbuf_read_fd_max(struct strbuf *sb, int fd, size_t max)
{
	size_t start = sb->len;

	for (;;) {
		size_t room;
		ssize_t got;

		strbuf_grow(sb, 8192);
		room = sb->alloc - sb->len - 1;
		/* one byte past max tells a file of max bytes from more */
		if (room > max - (sb->len - start) + 1)
			room = max - (sb->len - start) + 1;
		got = read(fd, sb->buf + sb->len, room);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			sb->buf[sb->len] = '\0';
			return -1;
		}
		if (!got)
			break;
		sb->len += (size_t)got;
		if (sb->len - start > max) {
			strbuf_setlen(sb, start);
			errno = EFBIG;
			return -1;
		}
	}
	sb->buf[sb->len] = '\0';
	return 0;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret, saved;
	struct stat st;

	if (fd < 0)
		return -1;
	/* room for all of it at once: no copy as it grows */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0)
		strbuf_grow(sb, (size_t)st.st_size + 1);
	ret = strbuf_read_fd(sb, fd);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}
