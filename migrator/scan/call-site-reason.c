/*
 * call-site-reason.c - a call site's reason in words (see call-site.h):
 * the only place its text is made, for scan -v, the JSON "reason" key,
 * apply's report (from the parts apply keeps of it) and check's
 * messages.  Deciding code reads the enum.
 */
#include <string.h>

#include "call-site.h"
#include "strbuf.h"

/* a callback member's function's reason (callback-site.h) */
static void callback_reason_words(struct strbuf *sb,
				  enum call_site_reason reason, size_t arg,
				  const char *text)
{
	switch (reason) {
	case CALL_REASON_CALLBACK_CALLED:
		strbuf_addf(sb, "'%s' is also called and its result used",
			    text);
		break;
	case CALL_REASON_CALLBACK_ERROR:
		strbuf_addf(sb,
			    "'%s' returns an error at line %zu: "
			    "converting it would lose the error",
			    text, arg);
		break;
	case CALL_REASON_CALLBACK_UNDEFINED:
		strbuf_addf(sb, "'%s' is not defined in this file", text);
		break;
	case CALL_REASON_CALLBACK_MEMBER:
		strbuf_addf(sb,
			    "'%s' has the other prototype than this member's: "
			    "the initializer names the wrong member",
			    text);
		break;
	case CALL_REASON_CALLBACK_VALUE:
		strbuf_addf(sb, "'%s' returns a value at line %zu", text, arg);
		break;
	case CALL_REASON_CALLBACK_NOWHERE:
		strbuf_addf(sb,
			    "'%s' is not defined in the tree with the "
			    "member's prototype (a static one is its file's "
			    "own)",
			    text);
		break;
	case CALL_REASON_CALLBACK_DEFINITIONS:
		strbuf_addf(sb, "'%s' is defined in %zu files", text, arg);
		break;
	case CALL_REASON_CALLBACK_MACRO:
		strbuf_addf(sb, "'%s' is given inside a macro definition",
			    text);
		break;
	case CALL_REASON_CALLBACK_PROTOTYPE:
		strbuf_addf(sb,
			    "'%s' is defined here with another prototype "
			    "than the member's",
			    text);
		break;
	case CALL_REASON_CALLBACK_POSITIONAL:
		strbuf_addf(sb,
			    "'%s' is given in a positional initializer (make "
			    "it designated, then convert)",
			    text);
		break;
	case CALL_REASON_CALLBACK_PLACE:
		strbuf_addf(sb,
			    "a positional initializer of struct %s, whose "
			    "definition the tree does not hold once: the "
			    "member's place is unknown",
			    text);
		break;
	case CALL_REASON_CALLBACK_RENAME:
		strbuf_addf(sb,
			    "'%s' has the new prototype already: converting "
			    "it renames only the member",
			    text);
		break;
	default:
		break;
	}
}

void call_site_reason_words(struct strbuf *sb, enum call_site_reason reason,
			    size_t arg, const char *text)
{
	if (!text)
		text = "";
	switch (reason) {
	case CALL_REASON_NONE:
	case CALL_REASON_NR:
		break;
	case CALL_REASON_EVIDENCE:
		strbuf_addstr(sb, text);
		break;
	case CALL_REASON_VARIADIC:
		strbuf_addf(sb,
			    "argument %zu '%s' is the macro's variadic "
			    "parameter: how many arguments the call has is "
			    "not known",
			    arg, text);
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
			    reason == CALL_REASON_LOCAL_DECLARATION ?
				    "declaration" :
				    "definition",
			    text);
		break;
	case CALL_REASON_LOCAL_CALL:
		strbuf_addf(sb, "a call of the file-local '%s'", text);
		break;
	case CALL_REASON_API_DEFINITION:
		strbuf_addf(sb, "the API's own definition/wrapper: inside '%s'",
			    text);
		break;
	default:
		callback_reason_words(sb, reason, arg, text);
		break;
	}
}

const char *call_site_reason_operand(const struct call_site *cs)
{
	switch (cs->reason) {
	case CALL_REASON_EVIDENCE:
		return cs->evidence;
	case CALL_REASON_VARIADIC:
		return cs->args[cs->variadic - 1].text;
	case CALL_REASON_LOCAL_DECLARATION:
	case CALL_REASON_LOCAL_DEFINITION:
	case CALL_REASON_LOCAL_CALL:
	case CALL_REASON_API_DEFINITION:
	case CALL_REASON_CALLBACK_CALLED:
	case CALL_REASON_CALLBACK_ERROR:
	case CALL_REASON_CALLBACK_UNDEFINED:
	case CALL_REASON_CALLBACK_MEMBER:
	case CALL_REASON_CALLBACK_VALUE:
	case CALL_REASON_CALLBACK_NOWHERE:
	case CALL_REASON_CALLBACK_DEFINITIONS:
	case CALL_REASON_CALLBACK_MACRO:
	case CALL_REASON_CALLBACK_PROTOTYPE:
	case CALL_REASON_CALLBACK_POSITIONAL:
	case CALL_REASON_CALLBACK_PLACE:
	case CALL_REASON_CALLBACK_RENAME:
		return cs->local_name;
	default:
		return NULL;
	}
}

void call_site_reason_text(struct strbuf *sb, const struct call_site *cs)
{
	call_site_reason_words(sb, cs->reason, cs->variadic,
			       call_site_reason_operand(cs));
}

static int same_text(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

int call_site_same_reason(const struct call_site *a, const struct call_site *b)
{
	return a->reason == b->reason &&
	       ((a->reason != CALL_REASON_VARIADIC &&
		 a->reason != CALL_REASON_CALLBACK_ERROR &&
		 a->reason != CALL_REASON_CALLBACK_VALUE &&
		 a->reason != CALL_REASON_CALLBACK_DEFINITIONS) ||
		a->variadic == b->variadic) &&
	       same_text(call_site_reason_operand(a),
			 call_site_reason_operand(b));
}
