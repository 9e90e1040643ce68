/*
 * check-records.c - a file's analysed records (clang-analysis.h) as
 * bytes and back, for copying the records of a text check analyses
 * twice and for check's result cache (see check.h).
 *
 * Contract: the bytes are record.h's text lines.  Only what the
 * analysis fills is written: the file's parse error and the line of an
 * expression too deep to parse, its calls seen, the headers it read,
 * and for each call whether libclang saw it, the file of the
 * declaration it resolves to and each argument's description.
 * Reading checks everything against the records it fills (as many
 * calls, each with as
 * many arguments) and fills nothing unless all of it reads: a damaged or
 * foreign payload is a miss, never half a record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "record.h"
#include "strbuf.h"
#include "util.h"

#define RECORDS_MAGIC "kmigrate-check-records 3"

static void write_arg(struct strbuf *out, const struct call_argument *arg)
{
	strbuf_addf(out, "arg %d %u %u %u %u", (int)arg->type_source,
		    (unsigned int)arg->is_null, (unsigned int)arg->is_literal,
		    arg->line, arg->column);
	record_add_string(out, arg->type);
	record_add_string(out, arg->canonical);
	record_add_string(out, arg->literal);
	record_add_string(out, arg->created_as);
	strbuf_addch(out, '\n');
}

void check_records_write(const struct check_file *cf, struct strbuf *out)
{
	const struct analysed_file *af = &cf->analysed;
	size_t i, j;

	strbuf_addf(out, "%s\nfile %zu %u", RECORDS_MAGIC, af->nr_seen,
		    af->too_deep);
	record_add_string(out, af->parse_error);
	strbuf_addch(out, '\n');
	record_add_deps(out, &af->deps);
	strbuf_addf(out, "calls %zu\n", cf->nr_calls);
	for (i = 0; i < cf->nr_calls; i++) {
		const struct call_analysis *call = &cf->calls[i];

		strbuf_addf(out, "call %d %zu", call->seen_by_libclang,
			    call->nr_args);
		record_add_string(out, call->declared_in);
		strbuf_addch(out, '\n');
		for (j = 0; j < call->nr_args; j++)
			write_arg(out, &call->args[j]);
	}
}

/* ---- reading ---- */

static void read_arg(struct record_cursor *c, struct call_argument *arg)
{
	size_t source, is_null, is_literal;

	record_expect(c, "arg");
	source = record_number(c);
	is_null = record_number(c);
	is_literal = record_number(c);
	arg->line = (unsigned int)record_number(c);
	arg->column = (unsigned int)record_number(c);
	if (source > TYPE_FROM_SHAPE || is_null > 1 || is_literal > 1)
		c->bad = 1;
	arg->type_source = (enum type_source)source;
	arg->is_null = is_null;
	arg->is_literal = is_literal;
	arg->type = record_string(c);
	arg->canonical = record_string(c);
	arg->literal = record_string(c);
	arg->created_as = record_string(c);
}

static void read_call(struct record_cursor *c, struct call_analysis *call)
{
	size_t seen, nr_args, k;

	record_expect(c, "call");
	seen = record_number(c);
	nr_args = record_number(c);
	if (seen > 1 || nr_args != call->nr_args)
		c->bad = 1;
	call->seen_by_libclang = (int)seen;
	call->declared_in = record_string(c);
	for (k = 0; !c->bad && k < call->nr_args; k++)
		read_arg(c, &call->args[k]);
}

/* the file's line and its dependencies */
static void read_file(struct record_cursor *c, struct analysed_file *af)
{
	record_expect(c, RECORDS_MAGIC);
	record_expect(c, "file");
	af->nr_seen = record_number(c);
	af->too_deep = (unsigned int)record_number(c);
	af->parse_error = record_string(c);
	record_deps(c, &af->deps);
}

/* what read_* filled of the records, given back */
static void clear_records(struct check_file *cf)
{
	struct analysed_file *af = &cf->analysed;
	size_t i, j;

	free(af->parse_error);
	af->parse_error = NULL;
	af->nr_seen = 0;
	af->too_deep = 0;
	strlist_clear(&af->deps, 0);
	for (i = 0; i < cf->nr_calls; i++) {
		struct call_analysis *call = &cf->calls[i];

		call->seen_by_libclang = 0;
		free(call->declared_in);
		call->declared_in = NULL;
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
	struct record_cursor c = RECORD_CURSOR(buf, len);
	size_t nr, i;

	clear_records(cf);
	read_file(&c, &cf->analysed);
	record_expect(&c, "calls");
	nr = record_number(&c);
	if (nr != cf->nr_calls)
		c.bad = 1;
	for (i = 0; !c.bad && i < nr; i++)
		read_call(&c, &cf->calls[i]);
	if (!record_done(&c)) {
		clear_records(cf);
		return -1;
	}
	cf->analysed.nr_calls = cf->nr_calls;
	return 0;
}
