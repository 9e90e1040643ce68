/*
 * check-records.c - a file's analysed records (clang-analysis.h) as
 * bytes and back, for copying the records of a text check analyses
 * twice and for check's result cache (see check.h).
 *
 * Contract: the bytes are text lines, each string written as its
 * length, a colon and its bytes ("-" for NULL), so any byte may occur in
 * a string.  Only what the analysis fills is written: the file's parse
 * error, its calls seen, the headers it read, and for each call whether
 * libclang saw it and each argument's description.  Reading checks
 * everything against the records it fills (as many calls, each with as
 * many arguments) and fills nothing unless all of it reads: a damaged or
 * foreign payload is a miss, never half a record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "strbuf.h"
#include "util.h"

#define RECORDS_MAGIC "kmigrate-check-records 1"

static void add_string(struct strbuf *out, const char *s)
{
	if (!s)
		strbuf_addstr(out, " -");
	else
		strbuf_addf(out, " %zu:%s", strlen(s), s);
}

static void write_arg(struct strbuf *out, const struct call_argument *arg)
{
	strbuf_addf(out, "arg %d %u %u %u %u", (int)arg->type_source,
		    (unsigned int)arg->is_null, (unsigned int)arg->is_literal,
		    arg->line, arg->column);
	add_string(out, arg->type);
	add_string(out, arg->canonical);
	add_string(out, arg->literal);
	add_string(out, arg->created_as);
	strbuf_addch(out, '\n');
}

void check_records_write(const struct check_file *cf, struct strbuf *out)
{
	const struct analysed_file *af = &cf->analysed;
	size_t i, j;

	strbuf_addf(out, "%s\nfile %zu", RECORDS_MAGIC, af->nr_seen);
	add_string(out, af->parse_error);
	strbuf_addf(out, "\ndeps %zu\n", af->deps.nr);
	for (i = 0; i < af->deps.nr; i++) {
		strbuf_addstr(out, "dep");
		add_string(out, af->deps.items[i].string);
		strbuf_addch(out, '\n');
	}
	strbuf_addf(out, "calls %zu\n", cf->nr_calls);
	for (i = 0; i < cf->nr_calls; i++) {
		const struct call_analysis *call = &cf->calls[i];

		strbuf_addf(out, "call %d %zu\n", call->seen_by_libclang,
			    call->nr_args);
		for (j = 0; j < call->nr_args; j++)
			write_arg(out, &call->args[j]);
	}
}

/* ---- reading ---- */

struct cursor {
	const char *p, *end;
	int bad;
};

/* the word expected next, then one space or newline */
static void expect(struct cursor *c, const char *word)
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

/* a decimal number, then one space or newline */
static size_t number(struct cursor *c)
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

/* a string as add_string() wrote it (after its space), malloc'd */
static char *string(struct cursor *c)
{
	size_t len;
	char *s;

	if (c->bad || c->p >= c->end)
		goto out_bad;
	if (*c->p == '-') {
		if (c->end - c->p < 2 || (c->p[1] != ' ' && c->p[1] != '\n'))
			goto out_bad;
		c->p += 2;
		return NULL;
	}
	for (len = 0; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++) {
		len = len * 10 + (size_t)(*c->p - '0');
		if (len > (size_t)(c->end - c->p))
			goto out_bad;
	}
	if (c->p >= c->end || *c->p != ':' ||
	    (size_t)(c->end - c->p - 1) < len + 1)
		goto out_bad;
	s = xstrndup(c->p + 1, len);
	if (strlen(s) != len ||
	    (c->p[len + 1] != ' ' && c->p[len + 1] != '\n')) {
		free(s);
		goto out_bad;
	}
	c->p += len + 2;
	return s;
out_bad:
	c->bad = 1;
	return NULL;
}

static void read_arg(struct cursor *c, struct call_argument *arg)
{
	size_t source, is_null, is_literal;

	expect(c, "arg");
	source = number(c);
	is_null = number(c);
	is_literal = number(c);
	arg->line = (unsigned int)number(c);
	arg->column = (unsigned int)number(c);
	if (source > TYPE_FROM_SHAPE || is_null > 1 || is_literal > 1)
		c->bad = 1;
	arg->type_source = (enum type_source)source;
	arg->is_null = is_null;
	arg->is_literal = is_literal;
	arg->type = string(c);
	arg->canonical = string(c);
	arg->literal = string(c);
	arg->created_as = string(c);
}

static void read_call(struct cursor *c, struct call_analysis *call)
{
	size_t seen, nr_args, k;

	expect(c, "call");
	seen = number(c);
	nr_args = number(c);
	if (seen > 1 || nr_args != call->nr_args)
		c->bad = 1;
	call->seen_by_libclang = (int)seen;
	for (k = 0; !c->bad && k < call->nr_args; k++)
		read_arg(c, &call->args[k]);
}

/* the file's line and its dependencies */
static void read_file(struct cursor *c, struct analysed_file *af)
{
	size_t nr, k;

	expect(c, RECORDS_MAGIC);
	expect(c, "file");
	af->nr_seen = number(c);
	af->parse_error = string(c);
	expect(c, "deps");
	nr = number(c);
	for (k = 0; !c->bad && k < nr; k++) {
		char *dep;

		expect(c, "dep");
		dep = string(c);
		if (!dep)
			c->bad = 1;
		else
			strlist_push(&af->deps, dep);
		free(dep);
	}
}

/* what read_* filled of the records, given back */
static void clear_records(struct check_file *cf)
{
	struct analysed_file *af = &cf->analysed;
	size_t i, j;

	free(af->parse_error);
	af->parse_error = NULL;
	af->nr_seen = 0;
	strlist_clear(&af->deps, 0);
	for (i = 0; i < cf->nr_calls; i++) {
		struct call_analysis *call = &cf->calls[i];

		call->seen_by_libclang = 0;
		for (j = 0; j < call->nr_args; j++) {
			struct call_argument *arg = &call->args[j];
			const char *text = arg->text;

			free(arg->type);
			free(arg->canonical);
			free(arg->literal);
			free(arg->created_as);
			memset(arg, 0, sizeof(*arg));
			arg->text = text;
		}
	}
}

int check_records_read(struct check_file *cf, const char *buf, size_t len)
{
	struct cursor c = { buf, buf + len, 0 };
	size_t nr, i;

	clear_records(cf);
	read_file(&c, &cf->analysed);
	expect(&c, "calls");
	nr = number(&c);
	if (nr != cf->nr_calls)
		c.bad = 1;
	for (i = 0; !c.bad && i < nr; i++)
		read_call(&c, &cf->calls[i]);
	if (c.bad || c.p != c.end) {
		clear_records(cf);
		return -1;
	}
	cf->analysed.nr_calls = cf->nr_calls;
	return 0;
}
