/*
 * rule-format-nonliteral.c - a format that is not a string literal.
 *
 * A literal reached through a macro is a literal (libclang expands it;
 * without libclang, the file's own #define is followed).  A variable
 * format cannot be checked, and a '%' in a name passed as the format is
 * read as a conversion: the fix is "%s" and the name as its argument.
 */
#include "rules.h"

static void check_format_nonliteral(const struct rule_call *rc,
				    struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	int pos = call_format_position(rc);
	const struct call_argument *fmt = call_arg(call, pos);
	const char *unseen =
		call->seen_by_libclang ?
			"" :
			" (judged from the call's text; libclang did not "
			"see it)";
	char shown[96];
	struct finding *f;

	if (!fmt || fmt->is_literal || fmt->is_null ||
	    findings_explained(findings, (unsigned int)pos))
		return;
	arg_display(fmt, shown, sizeof(shown));
	f = call_finding(findings, rc, &rule_format_nonliteral,
			 "non-literal format (argument %d)", pos);
	if ((size_t)pos == call->nr_args)
		finding_set_detail(f,
				   "it is '%s': a '%%' in it would be read as "
				   "a conversion; pass \"%%s\", %s%s",
				   shown, shown, unseen);
	else
		finding_set_detail(f,
				   "it is '%s': the %zu argument%s after it "
				   "cannot be checked against it%s",
				   shown, call->nr_args - (size_t)pos,
				   call->nr_args - (size_t)pos == 1 ? "" : "s",
				   unseen);
}

const struct rule rule_format_nonliteral = {
	.name = "format-nonliteral",
	.severity = SEVERITY_WARNING,
	.summary = "the format is not a string literal",
	.description = "The format argument is a variable or an expression, "
		       "so its conversions cannot be checked, and a '%' in a "
		       "device name passed as the format would be read as a "
		       "conversion.  Pass \"%s\" and the name instead.",
	.check_call = check_format_nonliteral,
};
