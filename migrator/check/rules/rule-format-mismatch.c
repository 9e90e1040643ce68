/*
 * rule-format-mismatch.c - the format's conversions against the variadic
 * arguments, as gcc's -Wformat checks them.
 *
 * Only a literal format is read (format-nonliteral speaks for the
 * others).  Each conversion takes one argument ('*' widths one more):
 * the count must match; then each argument of known type must be of the
 * conversion's kind (an integer for %d %i %u %x %X %o %c, a string for
 * %s, a pointer for %p, a floating value for %f %e %g) and, when libclang
 * gave its type, of its length (%ld a long, %lld a long long, %zu a
 * size_t).  The kernel's %p extensions (%pF, %pM ...) take a pointer.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "strbuf.h"

enum conv_kind {
	CONV_INT,
	CONV_STRING,
	CONV_POINTER,
	CONV_FLOAT,
};

enum conv_length {
	LEN_INT,
	LEN_LONG,
	LEN_LLONG,
	LEN_SIZE,
	LEN_ANY,
};

struct conversion {
	char spec[16]; /* "%lu" */
	enum conv_kind kind;
	enum conv_length length;
};

#define MAX_CONVERSIONS 32

/* the arguments the format takes, in order; -1 on a very long format */
static int parse_format(const char *fmt, struct conversion *conv, int max)
{
	const char *p = fmt;
	int n = 0;

	while ((p = strchr(p, '%'))) {
		const char *start = p++;
		enum conv_length length = LEN_INT;

		if (*p == '%') {
			p++;
			continue;
		}
		p += strspn(p, "-+ #0'");
		for (; *p == '*' || isdigit((unsigned char)*p) || *p == '.';
		     p++)
			if (*p == '*' && n < max) {
				snprintf(conv[n].spec, sizeof(conv[n].spec),
					 "*");
				conv[n].kind = CONV_INT;
				conv[n++].length = LEN_INT;
			}
		if (*p == 'h') {
			p += 1 + (p[1] == 'h');
		} else if (*p == 'l') {
			length = p[1] == 'l' ? LEN_LLONG : LEN_LONG;
			p += 1 + (p[1] == 'l');
		} else if (*p == 'L' || *p == 'q') {
			length = LEN_LLONG;
			p++;
		} else if (*p == 'z' || *p == 'Z') {
			length = LEN_SIZE;
			p++;
		} else if (*p == 'j' || *p == 't') {
			length = LEN_ANY;
			p++;
		}
		if (!*p || !strchr("diouxXcspnfeEgGaA", *p))
			continue; /* not a conversion gcc knows */
		if (n >= max)
			return -1;
		snprintf(conv[n].spec, sizeof(conv[n].spec), "%.*s",
			 (int)(p + 1 - start), start);
		conv[n].length = length;
		if (*p == 's')
			conv[n].kind = CONV_STRING;
		else if (*p == 'p' || *p == 'n')
			conv[n].kind = CONV_POINTER;
		else if (strchr("feEgGaA", *p))
			conv[n].kind = CONV_FLOAT;
		else
			conv[n].kind = CONV_INT;
		n++;
		p++;
	}
	return n;
}

static enum conv_length length_of(const char *canonical)
{
	if (strstr(canonical, "long long"))
		return LEN_LLONG;
	if (strstr(canonical, "long"))
		return LEN_LONG;
	return LEN_INT;
}

/* the name of what the conversion takes, or NULL when arg fits */
static const char *misfit(const struct conversion *conv,
			  const struct call_argument *arg)
{
	static const char *const names[][4] = {
		[CONV_INT] = { "an int", "a long", "a long long", "a size_t" },
	};
	struct type_class tc;

	if (!arg_judged_type(arg))
		return NULL;
	type_classify(arg_judged_type(arg), &tc);
	if (tc.kind == TYPE_UNKNOWN && !tc.pointers)
		return NULL;
	switch (conv->kind) {
	case CONV_STRING:
		return type_is_pointer(&tc) && (type_is_string(&tc) ||
						tc.kind == TYPE_VOID ||
						tc.kind == TYPE_UNKNOWN) ?
			       NULL :
			       "a char *";
	case CONV_POINTER:
		return type_is_pointer(&tc) || arg->is_null ? NULL :
							      "a pointer";
	case CONV_FLOAT:
		return tc.kind == TYPE_FLOAT && !tc.pointers ? NULL :
							       "a double";
	case CONV_INT:
		break;
	}
	if (type_is_pointer(&tc) || tc.kind != TYPE_INTEGER)
		return names[CONV_INT]
			    [conv->length == LEN_ANY ? 0 : conv->length];
	if (arg->type_source != TYPE_FROM_LIBCLANG || conv->length == LEN_ANY)
		return NULL;
	if (conv->length == LEN_SIZE)
		return length_of(arg_judged_type(arg)) == LEN_LONG ||
				       strstr(arg->type, "size_t") ?
			       NULL :
			       "a size_t";
	return length_of(arg_judged_type(arg)) == conv->length ?
		       NULL :
		       names[CONV_INT][conv->length];
}

/* the format as C would spell it, shortened */
static const char *show_format(const char *fmt, char *buf, size_t size)
{
	size_t len = 0;

	for (; *fmt && len + 6 < size; fmt++) {
		const char *esc = *fmt == '\n' ? "\\n" :
				  *fmt == '\t' ? "\\t" :
				  *fmt == '"'  ? "\\\"" :
						 NULL;

		if (esc) {
			memcpy(buf + len, esc, 2);
			len += 2;
		} else {
			buf[len++] = *fmt;
		}
	}
	if (*fmt)
		len += (size_t)snprintf(buf + len, size - len, "...");
	buf[len] = '\0';
	return buf;
}

static void check_count(const struct rule_call *rc, struct findings *findings,
			int pos, int n, const char *shown)
{
	const struct call_analysis *call = rc->call;
	int given = (int)call->nr_args - pos;
	char extra[96];
	struct finding *f;

	f = call_finding(findings, rc, &rule_format_mismatch,
			 "too %s arguments for the format",
			 given > n ? "many" : "few");
	if (given > n)
		finding_set_detail(f,
				   "format \"%s\" takes %d argument%s but %d "
				   "follow%s it: remove '%s' or add a "
				   "conversion for it",
				   shown, n, n == 1 ? "" : "s", given,
				   given == 1 ? "s" : "",
				   arg_display(call_arg(call, pos + n + 1),
					       extra, sizeof(extra)));
	else
		finding_set_detail(f,
				   "format \"%s\" takes %d argument%s but "
				   "only %d follow%s it: pass the missing "
				   "argument%s or drop the conversion%s",
				   shown, n, n == 1 ? "" : "s", given,
				   given == 1 ? "s" : "",
				   n - given == 1 ? "" : "s",
				   n - given == 1 ? "" : "s");
}

static void check_format_mismatch(const struct rule_call *rc,
				  struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	struct conversion conv[MAX_CONVERSIONS];
	int pos = call_format_position(rc), n, i;
	const struct call_argument *fmt = call_arg(call, pos);
	char shown[96];

	if (!fmt || !fmt->is_literal || !fmt->literal ||
	    findings_explained(findings, (unsigned int)pos))
		return;
	n = parse_format(fmt->literal, conv, MAX_CONVERSIONS);
	if (n < 0)
		return;
	show_format(fmt->literal, shown, sizeof(shown));
	if ((int)call->nr_args - pos != n) {
		check_count(rc, findings, pos, n, shown);
		return;
	}
	for (i = 0; i < n; i++) {
		const struct call_argument *arg = call_arg(call, pos + 1 + i);
		const char *wanted = misfit(&conv[i], arg);
		char text[96];
		struct finding *f;

		if (!wanted ||
		    findings_explained(findings, (unsigned int)(pos + 1 + i)))
			continue;
		f = call_finding(findings, rc, &rule_format_mismatch,
				 "argument %d does not fit '%s' in the format",
				 pos + 1 + i, conv[i].spec);
		finding_set_detail(f,
				   "'%s' in format \"%s\" takes %s, but "
				   "argument %d '%s' is a %s: pass %s or "
				   "change the conversion%s",
				   conv[i].spec, shown, wanted, pos + 1 + i,
				   arg_display(arg, text, sizeof(text)),
				   arg->type, wanted, arg_fallback_note(arg));
		finding_rests_on_type(f, arg);
	}
}

const struct rule rule_format_mismatch = {
	.name = "format-mismatch",
	.severity = SEVERITY_ERROR,
	.summary = "the format's conversions do not match the variadic "
		   "arguments",
	.description = "The literal format takes a different number of "
		       "arguments than the call passes after it, or a "
		       "conversion gets an argument of the wrong kind or "
		       "length (as gcc's -Wformat checks).  The name the "
		       "device gets in sysfs is built from garbage.",
	.check_call = check_format_mismatch,
};
