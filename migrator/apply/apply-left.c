/*
 * apply-left.c - the calls apply leaves, and the arguments it drops, in
 * words (see apply.h): the only place their text is made, for apply's
 * report.  Deciding code (the exit code, the result cache) reads the
 * enum and its fields.
 */
#include <string.h>

#include "apply.h"
#include "call-site.h"
#include "strbuf.h"

static const char *const reason_names[APPLY_LEFT_NR] = {
	[APPLY_LEFT_AMBIGUOUS] = "ambiguous",
	[APPLY_LEFT_MACRO] = "macro",
	[APPLY_LEFT_SHADOWED] = "shadowed",
	[APPLY_LEFT_PARSE_ERROR] = "parse error",
	[APPLY_LEFT_TIMEOUT] = "timeout",
	[APPLY_LEFT_SPATCH_FAILED] = "spatch failed",
	[APPLY_LEFT_NOT_MATCHED] = "not matched",
	[APPLY_LEFT_CONTEXT] = "left by context",
	[APPLY_LEFT_VALUE] = "value unknown",
	[APPLY_LEFT_TWICE] = "evaluated twice",
	[APPLY_LEFT_ACROSS] = "left in another file",
};

const char *apply_reason_name(enum apply_reason reason)
{
	return reason < APPLY_LEFT_NR ? reason_names[reason] : "?";
}

int apply_left_on_purpose(enum apply_reason reason)
{
	return reason == APPLY_LEFT_SHADOWED || reason == APPLY_LEFT_CONTEXT;
}

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* "ambiguous: ...", "shadowed: ...": what the scan says of the call */
static void site_text(const struct apply_left *l, struct strbuf *out)
{
	strbuf_addf(out, "%s: ", apply_reason_name(l->reason));
	if (l->site_kind == CALL_SITE_NEW)
		strbuf_addstr(out, "spatch converts a call scan finds in the "
				   "new form");
	else if (l->site_reason == CALL_REASON_NONE)
		strbuf_addstr(out, "the form is unknown");
	else
		call_site_reason_words(out, l->site_reason, l->arg, l->text);
}

/*
 * "argument 3 'END' (end) has different values in a.c (16) and b.c
 * (32)" (l->function is "0\nida_alloc_min\na.c\n16\nb.c\n32")
 */
static int clash_text(const struct apply_left *l, const char *clash,
		      struct strbuf *out)
{
	const char *part[4];
	size_t i;

	for (i = 0; i < 4 && clash; i++) {
		part[i] = clash + 1;
		clash = strchr(part[i], '\n');
	}
	if (i < 4 || clash)
		return 0;
	strbuf_addf(out,
		    "argument %zu '%s' (%s) has different values in %.*s "
		    "(%.*s) and %.*s (%s), which one semantic patch cannot "
		    "tell apart",
		    l->arg, or_empty(l->text), or_empty(l->param),
		    (int)(part[1] - part[0] - 1), part[0],
		    (int)(part[2] - part[1] - 1), part[1],
		    (int)(part[3] - part[2] - 1), part[2], part[3]);
	return 1;
}

/*
 * "argument 3 'end' may be 0 at run time, which selects ida_alloc_min()"
 * (l->function is "0\nida_alloc_min")
 */
static void value_text(const struct apply_left *l, struct strbuf *out)
{
	const char *fn = or_empty(l->function), *space = strchr(fn, '\n');
	const char *clash = space ? strchr(space + 1, '\n') : NULL;
	size_t new_len;

	if (!l->arg || !space) {
		strbuf_addstr(out, "value unknown: no case of the migration "
				   "holds for its arguments");
		return;
	}
	if (clash && clash_text(l, clash, out))
		return;
	new_len = clash ? (size_t)(clash - space - 1) : strlen(space + 1);
	strbuf_addf(out,
		    "argument %zu '%s' (%s) may be %.*s at run time, which "
		    "selects %.*s()",
		    l->arg, or_empty(l->text), or_empty(l->param),
		    (int)(space - fn), fn, (int)new_len, space + 1);
}

void apply_left_text(const struct apply_left *l, struct strbuf *out)
{
	switch (l->reason) {
	case APPLY_LEFT_AMBIGUOUS:
	case APPLY_LEFT_SHADOWED:
		site_text(l, out);
		break;
	case APPLY_LEFT_MACRO:
	case APPLY_LEFT_TIMEOUT:
		strbuf_addstr(out, apply_reason_name(l->reason));
		break;
	case APPLY_LEFT_PARSE_ERROR:
		strbuf_addf(out, "spatch: %s", or_empty(l->text));
		break;
	case APPLY_LEFT_SPATCH_FAILED:
		strbuf_addstr(out,
			      l->text ? l->text : apply_reason_name(l->reason));
		break;
	case APPLY_LEFT_NOT_MATCHED:
		if (l->text)
			strbuf_addf(out, "not matched: %s", l->text);
		else
			strbuf_addstr(out, "not matched by the semantic patch");
		break;
	case APPLY_LEFT_CONTEXT:
		strbuf_addf(out, "left by context: %s", or_empty(l->text));
		break;
	case APPLY_LEFT_VALUE:
		value_text(l, out);
		break;
	case APPLY_LEFT_TWICE:
		strbuf_addf(out,
			    "argument %zu '%s' (%s) would be evaluated twice "
			    "by the new call",
			    l->arg, or_empty(l->text), or_empty(l->param));
		break;
	case APPLY_LEFT_ACROSS:
		strbuf_addf(out,
			    "left in another file: '%s' is not converted in "
			    "%s, and a function is converted in every file "
			    "or none",
			    or_empty(l->function), or_empty(l->text));
		break;
	case APPLY_DROPPED:
		if (!l->arg) {
			strbuf_addf(out,
				    "converted, losing the error '%s' of "
				    "%s()",
				    or_empty(l->text), or_empty(l->function));
			break;
		}
		strbuf_addf(out,
			    "converted, dropping argument %zu '%s' (%s) of "
			    "%s()",
			    l->arg, or_empty(l->text), or_empty(l->param),
			    or_empty(l->function));
		break;
	}
}
