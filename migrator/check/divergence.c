/*
 * divergence.c - a hand-written call against the semantic conversion's
 * (see divergence.h): normalised, split, made canonical, compared, and
 * what differs said in words.
 */
#include <stdlib.h>
#include <string.h>

#include "divergence.h"
#include "map-expr.h"
#include "migration.h"
#include "model-call.h"
#include "scan.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

void divergence_normalise(struct strbuf *out, const char *text)
{
	const char *p = text;
	int blank = 0;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			p = end ? end + 2 : p + strlen(p);
			blank = 1;
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
			blank = 1;
		} else if (*p == ' ' || *p == '\t' || *p == '\n' ||
			   *p == '\r') {
			p++;
			blank = 1;
		} else {
			if (blank && out->len &&
			    is_c_ident_char(out->buf[out->len - 1]) &&
			    is_c_ident_char(*p))
				strbuf_addch(out, ' ');
			blank = 0;
			if (*p == '"' || *p == '\'') {
				char quote = *p;

				strbuf_addch(out, *p++);
				while (*p && *p != quote) {
					if (*p == '\\' && p[1])
						strbuf_addch(out, *p++);
					strbuf_addch(out, *p++);
				}
			}
			if (*p)
				strbuf_addch(out, *p++);
		}
	}
}

int divergence_split_args(const struct migration *m, const char *text,
			  struct strlist *args)
{
	struct scan_file f;
	size_t i, k;
	int found = 0;

	scan_file_buffer(&f, "call.c", text, strlen(text), m);
	for (i = 0; i < f.nr_sites && !found; i++) {
		if (!f.sites[i].has_args)
			continue;
		for (k = 0; k < f.sites[i].nr_args; k++) {
			struct strbuf sb = STRBUF_INIT;

			divergence_normalise(&sb, f.sites[i].args[k].text);
			strlist_push(args, sb.buf);
			strbuf_release(&sb);
		}
		found = 1;
	}
	scan_file_release(&f);
	return found ? 0 : -1;
}

/*
 * An integer constant expression ("32-1", "0x1f") as its decimal value
 * into out: 1; 0 (out untouched) when arg is anything else
 */
static int constant_value(const char *arg, struct strbuf *out)
{
	struct strbuf folded = STRBUF_INIT;
	uint64_t value;
	int ok;

	strbuf_addstr(&folded, arg);
	map_expr_fold(&folded, 0, 0);
	ok = !map_integer_literal(folded.buf, folded.len, &value);
	if (ok)
		strbuf_addf(out, "%llu", (unsigned long long)value);
	strbuf_release(&folded);
	return ok;
}

/*
 * the same values said the same way, into out: a zero devt as "0", a
 * "%s" format with one argument as that argument, an integer constant
 * expression as its value
 */
static void canonical(const struct migration *m, const struct strlist *args,
		      struct strlist *out)
{
	size_t format = (size_t)m->new_proto.format, i;
	int collapse = format > 0 && args->nr == format + 1 &&
		       !strcmp(args->items[format - 1].string, "\"%s\"");
	struct strbuf value = STRBUF_INIT;

	for (i = 0; i < args->nr; i++) {
		const char *arg = args->items[i].string;

		if (collapse && i + 1 == format)
			continue;
		if (i < m->new_proto.nr_params &&
		    model_param_role(&m->new_proto.params[i], &m->kernel) ==
			    ROLE_DEVT &&
		    model_text_is_zero(arg, &m->kernel))
			arg = "0";
		strbuf_reset(&value);
		if (constant_value(arg, &value))
			arg = value.buf;
		strlist_push(out, arg);
	}
	strbuf_release(&value);
}

int divergence_args_equal(const struct strlist *a, const struct strlist *b)
{
	size_t i;

	if (a->nr != b->nr)
		return 0;
	for (i = 0; i < a->nr; i++)
		if (strcmp(a->items[i].string, b->items[i].string))
			return 0;
	return 1;
}

/* the format argument with the "%s" format's argument after it */
static void add_format(struct strbuf *what, const struct strlist *args,
		       size_t i)
{
	strbuf_addstr(what, args->items[i].string);
	if (!strcmp(args->items[i].string, "\"%s\"") && i + 1 < args->nr)
		strbuf_addf(what, ", %s", args->items[i + 1].string);
}

/* h and c are integer constant expressions of one value: said, 1 */
static int say_same_constant(struct strbuf *what, size_t i, const char *h,
			     const char *c)
{
	struct strbuf hv = STRBUF_INIT, cv = STRBUF_INIT;
	int same = constant_value(h, &hv) && constant_value(c, &cv) &&
		   !strcmp(hv.buf, cv.buf);

	if (same)
		strbuf_addf(what,
			    "argument %zu is '%s' where the semantic "
			    "conversion has '%s': both are the constant %s",
			    i + 1, h, c, hv.buf);
	strbuf_release(&hv);
	strbuf_release(&cv);
	return same;
}

/* why two equivalent calls differ, in words */
static void say_equivalent(struct strbuf *what, const struct migration *m,
			   const struct strlist *hand,
			   const struct strlist *conv)
{
	size_t format = (size_t)m->new_proto.format, i;

	for (i = 0; i < hand->nr && i < conv->nr; i++) {
		const char *h = hand->items[i].string;
		const char *c = conv->items[i].string;

		if (!strcmp(h, c))
			continue;
		if (what->len)
			strbuf_addstr(what, "; ");
		if (say_same_constant(what, i, h, c))
			continue;
		if (i + 1 != format) {
			strbuf_addf(what,
				    "argument %zu is '%s' where the "
				    "semantic conversion has '%s': both are "
				    "a constant zero '%s'",
				    i + 1, h, c,
				    i < m->new_proto.nr_params ?
					    m->new_proto.params[i].type :
					    "");
			continue;
		}
		strbuf_addf(what, "the format (argument %zu) is '", i + 1);
		add_format(what, hand, i);
		strbuf_addstr(what, "' where the semantic conversion passes '");
		add_format(what, conv, i);
		strbuf_addstr(what,
			      "': a \"%s\" format prints its one "
			      "argument as it is, so the name is the same");
		return;
	}
}

void divergence_say_different(struct strbuf *what, const struct strlist *hand,
			      const struct strlist *conv)
{
	size_t i;

	for (i = 0; i < hand->nr && i < conv->nr; i++)
		if (strcmp(hand->items[i].string, conv->items[i].string)) {
			strbuf_addf(what,
				    "argument %zu is '%s' where the "
				    "semantic conversion has '%s'",
				    i + 1, hand->items[i].string,
				    conv->items[i].string);
			return;
		}
	strbuf_addf(what,
		    "%zu arguments where the semantic conversion has "
		    "%zu",
		    hand->nr, conv->nr);
}

enum divergence divergence_classify(const struct migration *m, const char *hand,
				    const char *converted, struct strbuf *what)
{
	struct strlist h = STRLIST_INIT, c = STRLIST_INIT;
	struct strlist hcan = STRLIST_INIT, ccan = STRLIST_INIT;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	enum divergence d = DIVERGENCE_DIFFERENT;

	divergence_normalise(&a, hand);
	divergence_normalise(&b, converted);
	if (!strcmp(hand, converted))
		d = DIVERGENCE_IDENTICAL;
	else if (!strcmp(a.buf, b.buf))
		d = DIVERGENCE_WHITESPACE;
	else if (divergence_split_args(m, hand, &h) ||
		 divergence_split_args(m, converted, &c))
		strbuf_addstr(what, "the calls cannot be compared");
	if (d == DIVERGENCE_DIFFERENT && !what->len) {
		canonical(m, &h, &hcan);
		canonical(m, &c, &ccan);
		if (divergence_args_equal(&hcan, &ccan)) {
			d = DIVERGENCE_EQUIVALENT;
			say_equivalent(what, m, &h, &c);
		} else {
			divergence_say_different(what, &h, &c);
		}
	}
	strlist_clear(&h, 0);
	strlist_clear(&c, 0);
	strlist_clear(&hcan, 0);
	strlist_clear(&ccan, 0);
	strbuf_release(&a);
	strbuf_release(&b);
	return d;
}
