/*
 * record.h - results as text lines and back, for the result cache.
 *
 * A record is a line of words: a keyword, decimal numbers, and strings
 * each written as its length, a colon and its bytes ("-" for NULL), so
 * any byte may occur in a string.  The writer puts a space before each
 * number and string; the caller ends the line.  The reader is a cursor
 * that goes bad at the first thing it does not expect and then reads
 * nothing more: its caller fills nothing unless the cursor ends good and
 * at the end of the bytes, so a damaged or foreign payload is a miss.
 */
#ifndef KM_RECORD_H
#define KM_RECORD_H

#include <stddef.h>

#include "strbuf.h"

struct strlist;

void record_add_string(struct strbuf *out, const char *s);
void record_add_bytes(struct strbuf *out, const char *buf, size_t len);
/* "deps N\n", then a "dep PATH\n" line for each path of deps */
void record_add_deps(struct strbuf *out, const struct strlist *deps);

struct record_cursor {
	const char *p, *end;
	int bad;
};

#define RECORD_CURSOR(buf, len)         \
	{                               \
		(buf), (buf) + (len), 0 \
	}

/* the word expected next, then one space or newline */
void record_expect(struct record_cursor *c, const char *word);
/* a decimal number, then one space or newline */
size_t record_number(struct record_cursor *c);
/* a string as record_add_string() wrote it: malloc'd, NULL for "-" */
char *record_string(struct record_cursor *c);
/* bytes as record_add_bytes() wrote them, appended to out */
void record_bytes(struct record_cursor *c, struct strbuf *out);
/* lines as record_add_deps() wrote them, each path pushed to deps */
void record_deps(struct record_cursor *c, struct strlist *deps);
/* the cursor is good and at the end of the bytes */
int record_done(const struct record_cursor *c);

#endif
