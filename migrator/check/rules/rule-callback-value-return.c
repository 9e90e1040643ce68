/*
 * rule-callback-value-return.c - a function given to a member that
 * returns void still returns a value.
 *
 * A call rule of the "callback" kind, on each member's record that
 * libclang described (clang-callback.h): when the member's type, as
 * the tree's header declares it, returns void, the function's
 * definition has a return statement with a value that is not void (a
 * "return 0;" the conversion kept, an error returned).  An error at
 * the member, naming the statement's line.
 */
#include "clang-callback.h"
#include "rules.h"
#include "strbuf.h"

static void check_callback_value_return(const struct rule_call *rc,
					struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const struct call_argument *fn, *member;
	const struct call_argument *ret = callback_value_return(call);

	if (!ret || callback_type_mismatch(call))
		return;
	fn = &call->args[CALLBACK_ARG_FUNCTION];
	member = &call->args[CALLBACK_ARG_MEMBER];
	call_finding(findings, rc, &rule_callback_value_return,
		     "'%s' returns a value at line %u ('%s', of type '%s'), "
		     "given to .%s, which returns void",
		     fn->literal, ret->line, ret->literal ? ret->literal : "",
		     ret->type ? ret->type : "?", member->literal);
}

const struct rule rule_callback_value_return = {
	.name = "callback-value-return",
	.severity = SEVERITY_ERROR,
	.summary = "a function given to a void member returns a value",
	.description = "A function given to a member whose type returns "
		       "void (as the tree's header declares it) must not "
		       "return a value: libclang finds a return statement "
		       "with one in its definition, a success the "
		       "conversion kept or an error that is now lost.",
	.check_call = check_callback_value_return,
};
