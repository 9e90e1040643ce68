/*
 * call-site-reason.c - a call site's reason in words (see call-site.h):
 * the only place its text is made, for scan -v, the JSON "reason" key,
 * apply's report and check's messages.  Deciding code reads the enum.
 */
#include <string.h>

#include "call-site.h"
#include "strbuf.h"

void call_site_reason_text(struct strbuf *sb, const struct call_site *cs)
{
	switch (cs->reason) {
	case CALL_REASON_NONE:
		break;
	case CALL_REASON_EVIDENCE:
		strbuf_addstr(sb, cs->evidence ? cs->evidence : "");
		break;
	case CALL_REASON_VARIADIC:
		strbuf_addf(sb,
			    "argument %zu '%s' is the macro's variadic "
			    "parameter: how many arguments the call has is "
			    "not known",
			    cs->variadic, cs->args[cs->variadic - 1].text);
		break;
	case CALL_REASON_UNTERMINATED:
		strbuf_addstr(sb, "the argument list is not closed");
		break;
	case CALL_REASON_CONDITIONAL:
		strbuf_addstr(
			sb, "a preprocessor conditional inside the arguments");
		break;
	case CALL_REASON_LOCAL_DECLARATION:
	case CALL_REASON_LOCAL_DEFINITION:
		strbuf_addf(sb, "a file-local %s of '%s'",
			    cs->reason == CALL_REASON_LOCAL_DECLARATION ?
				    "declaration" :
				    "definition",
			    cs->local_name);
		break;
	case CALL_REASON_LOCAL_CALL:
		strbuf_addf(sb, "a call of the file-local '%s'",
			    cs->local_name);
		break;
	}
}

static int same_text(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

int call_site_same_reason(const struct call_site *a, const struct call_site *b)
{
	if (a->reason != b->reason)
		return 0;
	switch (a->reason) {
	case CALL_REASON_EVIDENCE:
		return same_text(a->evidence, b->evidence);
	case CALL_REASON_VARIADIC:
		return a->variadic == b->variadic &&
		       same_text(a->args[a->variadic - 1].text,
				 b->args[b->variadic - 1].text);
	case CALL_REASON_LOCAL_DECLARATION:
	case CALL_REASON_LOCAL_DEFINITION:
	case CALL_REASON_LOCAL_CALL:
		return same_text(a->local_name, b->local_name);
	default:
		return 1;
	}
}
