/*
 * strbuf.h - a growable, always NUL-terminated byte string.
 *
 * Contract: buf is never NULL (an empty strbuf points at a shared empty
 * string), len excludes the terminating NUL, and the bytes may contain
 * NULs.  Initialise with STRBUF_INIT or strbuf_init(); give the memory back
 * with strbuf_release(), or take it with strbuf_detach().
 */
#ifndef KM_STRBUF_H
#define KM_STRBUF_H

#include <stddef.h>
#include <stdarg.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT                  \
	{                            \
		0, 0, strbuf_slopbuf \
	}

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_setlen(struct strbuf *sb, size_t len);
#define strbuf_reset(sb) strbuf_setlen((sb), 0)

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
__attribute__((format(printf, 2, 3))) void strbuf_addf(struct strbuf *sb,
						       const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* insert data at pos, moving the tail */
void strbuf_insert(struct strbuf *sb, size_t pos, const void *data, size_t len);
/* remove len bytes at pos */
void strbuf_remove(struct strbuf *sb, size_t pos, size_t len);

void strbuf_rtrim(struct strbuf *sb);
/*
 * append len bytes of p with each run of blanks (space, \t, \n, \r, \v,
 * \f) made one space, and none at the start of sb or after its last space
 */
void strbuf_add_squeezed(struct strbuf *sb, const char *p, size_t len);

/* append everything readable from fd; -1 with errno on error */
int strbuf_read_fd(struct strbuf *sb, int fd);
/* the same, and -1 with EFBIG (sb as it was) past max bytes */
int strbuf_read_fd_max(struct strbuf *sb, int fd, size_t max);
/* append the whole file; -1 with errno on error */
int strbuf_read_file(struct strbuf *sb, const char *path);

#endif
