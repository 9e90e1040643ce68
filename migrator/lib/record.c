/*
 * record.c - results as text lines and back (see record.h).
 */
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "strlist.h"
#include "util.h"

void record_add_string(struct strbuf *out, const char *s)
{
	if (!s)
		strbuf_addstr(out, " -");
	else
		record_add_bytes(out, s, strlen(s));
}

void record_add_bytes(struct strbuf *out, const char *buf, size_t len)
{
	strbuf_addf(out, " %zu:", len);
	strbuf_add(out, buf, len);
}

void record_expect(struct record_cursor *c, const char *word)
{
	size_t len = strlen(word);

	if (c->bad || (size_t)(c->end - c->p) < len + 1 ||
	    memcmp(c->p, word, len) ||
	    (c->p[len] != ' ' && c->p[len] != '\n')) {
		c->bad = 1;
		return;
	}
	c->p += len + 1;
}

size_t record_number(struct record_cursor *c)
{
	size_t n = 0;
	int digits = 0;

	while (!c->bad && c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		if (n > ((size_t)-1 - 9) / 10)
			c->bad = 1;
		n = n * 10 + (size_t)(*c->p++ - '0');
		digits++;
	}
	if (!digits || c->p >= c->end || (*c->p != ' ' && *c->p != '\n'))
		c->bad = 1;
	else
		c->p++;
	return c->bad ? 0 : n;
}

/* the length of a string or bytes, then its colon; -1 if malformed */
static const char *counted(struct record_cursor *c, size_t *len)
{
	const char *start;

	for (*len = 0; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++) {
		*len = *len * 10 + (size_t)(*c->p - '0');
		if (*len > (size_t)(c->end - c->p))
			return NULL;
	}
	if (c->p >= c->end || *c->p != ':' ||
	    (size_t)(c->end - c->p - 1) < *len + 1)
		return NULL;
	start = c->p + 1;
	if (start[*len] != ' ' && start[*len] != '\n')
		return NULL;
	c->p = start + *len + 1;
	return start;
}

char *record_string(struct record_cursor *c)
{
	const char *s;
	size_t len;

	if (c->bad || c->p >= c->end)
		goto out_bad;
	if (*c->p == '-') {
		if (c->end - c->p < 2 || (c->p[1] != ' ' && c->p[1] != '\n'))
			goto out_bad;
		c->p += 2;
		return NULL;
	}
	s = counted(c, &len);
	if (!s || memchr(s, '\0', len))
		goto out_bad;
	return xstrndup(s, len);
out_bad:
	c->bad = 1;
	return NULL;
}

void record_bytes(struct record_cursor *c, struct strbuf *out)
{
	const char *s;
	size_t len;

	if (c->bad || c->p >= c->end || !(s = counted(c, &len))) {
		c->bad = 1;
		return;
	}
	strbuf_add(out, s, len);
}

int record_done(const struct record_cursor *c)
{
	return !c->bad && c->p == c->end;
}

void record_add_deps(struct strbuf *out, const struct strlist *deps)
{
	size_t i;

	strbuf_addf(out, "deps %zu\n", deps->nr);
	for (i = 0; i < deps->nr; i++) {
		strbuf_addstr(out, "dep");
		record_add_string(out, deps->items[i].string);
		strbuf_addch(out, '\n');
	}
}

void record_deps(struct record_cursor *c, struct strlist *deps)
{
	size_t i, n;

	record_expect(c, "deps");
	n = record_number(c);
	for (i = 0; !c->bad && i < n; i++) {
		char *dep;

		record_expect(c, "dep");
		dep = record_string(c);
		if (!dep)
			c->bad = 1;
		else
			strlist_push(deps, dep);
		free(dep);
	}
}
