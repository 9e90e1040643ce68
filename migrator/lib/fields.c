/*
 * fields.c - reading "key: value" records (see fields.h).
 *
 * Contract: the text is only read; key and value are reset and filled
 * for each field.  A line that starts with a blank where a key is due,
 * a line without ':', or a key that is not [a-z0-9-]+ is an error: a
 * data file never passes a typo silently, and a key is safe to print in
 * a message.
 */
#include <string.h>

#include "fields.h"
#include "strbuf.h"

void field_reader_init(struct field_reader *fr, const char *text)
{
	fr->pos = text;
	fr->lineno = 0;
	fr->key_line = 0;
}

static int is_key(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!((p[i] >= 'a' && p[i] <= 'z') ||
		      (p[i] >= '0' && p[i] <= '9') || p[i] == '-'))
			return 0;
	return len > 0;
}

static const char *next_line(const char *eol)
{
	return *eol ? eol + 1 : eol;
}

int field_next(struct field_reader *fr, struct strbuf *key,
	       struct strbuf *value)
{
	const char *p = fr->pos;

	strbuf_reset(key);
	strbuf_reset(value);
	for (;;) {
		const char *eol = strchrnul(p, '\n'), *colon;

		if (!*p)
			return 0;
		fr->lineno++;
		if (*p == '#' || p == eol) {
			p = next_line(eol);
			continue;
		}
		colon = memchr(p, ':', (size_t)(eol - p));
		if (*p == ' ' || *p == '\t' || !colon ||
		    !is_key(p, (size_t)(colon - p)))
			return -1;
		fr->key_line = fr->lineno;
		strbuf_add(key, p, (size_t)(colon - p));
		colon++;
		colon += strspn(colon, " \t");
		strbuf_add(value, colon, (size_t)(eol - colon));
		p = next_line(eol);
		break;
	}
	while (*p == ' ' || *p == '\t') {
		const char *eol = strchrnul(p, '\n');
		const char *text = p + 1;

		fr->lineno++;
		if (value->len)
			strbuf_addch(value, '\n');
		if (!(eol - text == 1 && *text == '.'))
			strbuf_add(value, text, (size_t)(eol - text));
		p = next_line(eol);
	}
	strbuf_rtrim(value);
	fr->pos = p;
	return 1;
}
