/*
 * object-macro.c - the value of an object-like macro a file defines
 * (see object-macro.h): "#define NAME VALUE" at a line's start, blanks
 * allowed around '#', VALUE the one token before the line's end or a
 * comment.  Nothing else is evaluated: a macro of several tokens, or of
 * no value, is unknown, and so is one defined twice.
 */
#include <ctype.h>
#include <string.h>

#include "object-macro.h"
#include "util.h"

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* the value of the #define at p (past "define"), if it is name's */
static int define_value(const char *p, const char *end, const char *name,
			size_t len, struct strbuf *value)
{
	const char *v;

	p = skip_blanks(p, end);
	if ((size_t)(end - p) <= len || strncmp(p, name, len) ||
	    (p[len] != ' ' && p[len] != '\t'))
		return 0;
	v = p = skip_blanks(p + len, end);
	while (p < end && (is_c_ident_char((unsigned char)*p) || *p == '.'))
		p++;
	if (p == v)
		return -1;
	strbuf_reset(value);
	strbuf_add(value, v, (size_t)(p - v));
	p = skip_blanks(p, end);
	return p == end || !strncmp(p, "/*", 2) || !strncmp(p, "//", 2) ? 1 :
									  -1;
}

static const char *lookup_literal(void *data, const char *name, size_t len)
{
	struct object_macros *om = data;
	const char *p = om->buf, *end = om->buf + om->len;
	struct strbuf found = STRBUF_INIT;
	int nr = 0, bad = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = skip_blanks(p, eol ? eol : end);

		if (!eol)
			eol = end;
		if (q < eol && *q == '#') {
			q = skip_blanks(q + 1, eol);
			if ((size_t)(eol - q) > 6 && !strncmp(q, "define", 6)) {
				int got = define_value(q + 6, eol, name, len,
						       &om->value);

				bad |= got < 0 ||
				       (got && nr &&
					strcmp(found.buf, om->value.buf));
				if (got > 0 && !nr++)
					strbuf_addstr(&found, om->value.buf);
			}
		}
		p = eol + 1;
	}
	strbuf_reset(&om->value);
	strbuf_addstr(&om->value, found.buf);
	strbuf_release(&found);
	return nr && !bad ? om->value.buf : NULL;
}

void object_macros_init(struct object_macros *om, const char *buf, size_t len)
{
	om->buf = buf;
	om->len = len;
	strbuf_init(&om->value, 0);
}

struct map_lookup object_macro_lookup(struct object_macros *om)
{
	struct map_lookup lookup = { lookup_literal, om };

	return lookup;
}

void object_macros_release(struct object_macros *om)
{
	strbuf_release(&om->value);
}
