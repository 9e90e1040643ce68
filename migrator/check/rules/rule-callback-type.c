/*
 * rule-callback-type.c - a member given a function whose type is not
 * the one the member points to, as the tree's own header declares it.
 *
 * A call rule of the "callback" kind, on each member's record that
 * libclang described (clang-callback.h): the function's type (through
 * a wrapper macro, as it expands) against the member's declared type,
 * read from the translation unit, not from the migration's data.  An
 * int function given to a member that returns void, a converted
 * function left under the old member of a renamed one, an initializer
 * that names the wrong member: each is an error at the member.
 */
#include "clang-callback.h"
#include "rules.h"
#include "strbuf.h"

static void check_callback_type(const struct rule_call *rc,
				struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const struct call_argument *fn, *member;
	struct finding *f;

	if (!callback_type_mismatch(call))
		return;
	fn = &call->args[CALLBACK_ARG_FUNCTION];
	member = &call->args[CALLBACK_ARG_MEMBER];
	f = call_finding(findings, rc, &rule_callback_type,
			 "'%s' of type '%s' is given to .%s of struct %s, "
			 "of type '%s'",
			 fn->literal, fn->type, member->literal,
			 member->created_as, member->type);
	if (call->declared_in)
		finding_set_detail(f, "the member is declared at %s:%u",
				   call->declared_in, member->line);
}

const struct rule rule_callback_type = {
	.name = "callback-type",
	.severity = SEVERITY_ERROR,
	.summary = "a member is given a function of another type than its own",
	.description = "libclang resolves the function a member is given "
		       "(through a wrapper macro, as it expands) and "
		       "compares its type with the member's, as the tree's "
		       "own header declares it: a function still returning "
		       "int given to a member that returns void, a converted "
		       "function given to the old member of a renamed one, "
		       "or an initializer naming the wrong member does not "
		       "build, or builds with a warning the kernel makes "
		       "an error.",
	.check_call = check_callback_type,
};
