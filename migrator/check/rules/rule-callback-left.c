/*
 * rule-callback-left.c - a function given to a callback's member that
 * the migration leaves, and why.
 *
 * A tree rule over the scan of a "callback" migration
 * (callback-site.h): at each member whose function is left because it
 * returns an error (converting it would lose the error: the caller
 * ignores the value), a call uses its result, or it is not defined in
 * the file.  A warning: the tree builds, but the driver needs a hand.
 */
#include "rules.h"
#include "scan.h"
#include "strbuf.h"

static int left(const struct call_site *cs)
{
	return cs->standalone && (cs->reason == CALL_REASON_CALLBACK_ERROR ||
				  cs->reason == CALL_REASON_CALLBACK_CALLED ||
				  cs->reason == CALL_REASON_CALLBACK_UNDEFINED);
}

static void check_callback_left(const struct scan_result *scan,
				struct findings *findings)
{
	struct strbuf why = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < scan->nr_files; i++)
		for (j = 0; j < scan->files[i].nr_sites; j++) {
			const struct call_site *cs = &scan->files[i].sites[j];
			struct finding *f;

			if (!left(cs))
				continue;
			f = finding_add(findings, rule_callback_left.name,
					rule_callback_left.severity, cs->file,
					(unsigned int)cs->line,
					(unsigned int)cs->column,
					"'%s' is left with the old prototype",
					cs->local_name);
			finding_set_call(f, cs->text);
			strbuf_reset(&why);
			call_site_reason_text(&why, cs);
			finding_set_detail(f, "%s", why.buf);
		}
	strbuf_release(&why);
}

const struct rule rule_callback_left = {
	.name = "callback-left",
	.severity = SEVERITY_WARNING,
	.summary = "a function given to the member is left, with its reason",
	.description = "A callback migration leaves a function it cannot "
		       "convert safely: it returns an error somewhere (the "
		       "bus ignores the value, so the error is already lost, "
		       "but converting the function would hide that), a "
		       "call of it uses its result, or it is not defined in "
		       "the file of the initializer.  Convert it by hand.",
	.check_tree = check_callback_left,
};
