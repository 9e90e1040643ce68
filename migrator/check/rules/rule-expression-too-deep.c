/*
 * rule-expression-too-deep.c - a file with an expression nested past
 * the limit libclang is handed (expr-depth.h).
 *
 * Reported once per file, at its first call, on the line of the
 * expression: the file was not parsed (libclang would have overflowed
 * its stack and killed kmigrate), so what its calls are rests on their
 * text only, and the gate cannot pass it.  Its calls are still checked
 * from their text, as a file libclang failed on is.
 */
#include "rules.h"

static void check_expression_too_deep(const struct rule_call *rc,
				      struct findings *findings)
{
	const struct analysed_file *file = rc->file;

	if (rc->call->index_in_file || !file || !file->too_deep)
		return;
	finding_set_detail(
		finding_add(findings, rule_expression_too_deep.name,
			    rule_expression_too_deep.severity, file->path,
			    file->too_deep, 1,
			    "an expression too deep for libclang: the file "
			    "was not parsed"),
		"%s; its %zu call%s checked from the text only",
		file->parse_error, file->nr_calls,
		file->nr_calls == 1 ? " was" : "s were");
}

const struct rule rule_expression_too_deep = {
	.name = "expression-too-deep",
	.severity = SEVERITY_ERROR,
	.summary = "an expression nests past the limit libclang is handed",
	.description = "An expression of the file nests more operators "
		       "deep than EXPR_DEPTH_LIMIT (1000, counted on the "
		       "tokens): libclang would overflow its stack on it. "
		       "The file is not parsed and its calls are checked "
		       "from their text only, so the check cannot pass: "
		       "split the expression.",
	.check_call = check_expression_too_deep,
};
