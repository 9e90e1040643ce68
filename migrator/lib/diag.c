/*
 * diag.c - diagnostics word-wrapped within DIAG_WIDTH columns (see
 * diag.h).
 *
 * Contract: the functions only append to the caller's strbuf; they
 * keep every byte of a word and drop only the blanks between words.
 */
#include <string.h>

#include "diag.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

size_t diag_columns(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			n++;
	return n;
}

void diag_wrap(struct strbuf *out, const char *first, const char *next,
	       const char *text)
{
	const char *p = text ? text : "";
	size_t col = 0, words = 0, on_line = 0;

	for (;;) {
		const char *word;
		size_t len, width;

		while (*p && is_blank(*p))
			p++;
		if (!*p)
			break;
		word = p;
		while (*p && !is_blank(*p))
			p++;
		len = (size_t)(p - word);
		width = diag_columns(word, len);
		if (!words) {
			strbuf_addstr(out, first);
			col = diag_columns(first, strlen(first));
		} else if (on_line && col + 1 + width > DIAG_WIDTH) {
			strbuf_addch(out, '\n');
			strbuf_addstr(out, next);
			col = diag_columns(next, strlen(next));
			on_line = 0;
		}
		if (on_line) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, word, len);
		col += width;
		on_line++;
		words++;
	}
	if (words)
		strbuf_addch(out, '\n');
}

void diag_add(struct strbuf *out, const char *prefix, const char *lead,
	      const char *message, const char *detail)
{
	struct strbuf first = STRBUF_INIT, next = STRBUF_INIT;
	size_t len = out->len;

	strbuf_addstr(&first, prefix);
	strbuf_addstr(&first, lead);
	strbuf_addstr(&next, prefix);
	strbuf_addchars(&next, ' ', DIAG_INDENT);
	diag_wrap(out, first.buf, next.buf, message);
	if (out->len == len) {
		/* no message: the lead alone, without its trailing blank */
		while (first.len && is_blank(first.buf[first.len - 1]))
			strbuf_setlen(&first, first.len - 1);
		strbuf_addstr(out, first.buf);
		strbuf_addch(out, '\n');
	}
	diag_wrap(out, next.buf, next.buf, detail);
	strbuf_release(&first);
	strbuf_release(&next);
}
