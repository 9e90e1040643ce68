/*
 * rule-other-declaration.c - a call that libclang resolves to another
 * function of the same name: not the migrated API.
 *
 * A program under tools/ may declare (or get from libc) a function of
 * the migrated function's name; its calls have nothing to do with the
 * migration.  libclang says which declaration a call resolves to (its
 * first one, clang_getCursorReferenced()); when that is in a file other
 * than the migration's header (or the header the tree declares the
 * function in), the call is not checked: a note says where its
 * function is declared, and the whole call is explained.  A call
 * libclang did not see, or whose function it declared implicitly, is
 * the migrated one as far as check knows.
 */
#include <string.h>

#include "rules.h"

static void check_other_declaration(const struct rule_call *rc,
				    struct findings *findings)
{
	const char *in = rc->call->declared_in;
	struct finding *f;

	if (!in || !strcmp(in, rc->m->header) ||
	    (rc->api->header && !strcmp(in, rc->api->header)))
		return;
	f = call_finding(findings, rc, &rule_other_declaration,
			 "a call of another declaration of the name");
	finding_set_detail(f,
			   "libclang resolves it to the function declared in "
			   "'%s', not to the one of '%s': not checked",
			   in, rc->m->header);
	findings_explain_call(findings);
}

const struct rule rule_other_declaration = {
	.name = "other-declaration",
	.severity = SEVERITY_NOTE,
	.summary = "the call is of another function of the same name",
	.description = "libclang resolves the call to a declaration outside "
		       "the migration's header (a program under tools/ "
		       "calling libc's function of that name, a file's own "
		       "static function): it is not the migrated API, and "
		       "nothing is checked on it.",
	.check_call = check_other_declaration,
};
