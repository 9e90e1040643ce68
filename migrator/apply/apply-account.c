/*
 * apply-account.c - every call of a file that apply does not convert,
 * recorded as left with why (see apply-work.h): what scan says of it
 * (ambiguous, shadowed, left by the migration's context), or, for an
 * old-form call spatch did not convert, spatch's own reason at its line,
 * the case its values cannot be told by, a clash of two rules, or the
 * file of another function's occurrence that leaves it.
 */
#include <stdlib.h>
#include <string.h>

#include "apply-work.h"
#include "apply.h"
#include "call-variant.h"
#include "util.h"

/* record a call left for reason; text (malloc'd, or NULL) as apply.h says */
static struct apply_left *add_left(struct apply_result *r,
				   const struct apply_file *file,
				   const struct call_site *cs,
				   enum apply_reason reason, char *text)
{
	struct apply_left *left;

	ALLOC_GROW(r->left, r->nr_left + 1, r->alloc_left);
	left = &r->left[r->nr_left++];
	memset(left, 0, sizeof(*left));
	left->path = file->path;
	left->line = cs->line;
	left->column = cs->column;
	left->reason = reason;
	left->text = text;
	r->counts[reason]++;
	return left;
}

/* a call left for what the scan says of it: its kind and reason */
static void add_left_site(struct apply_result *r, const struct apply_file *file,
			  const struct call_site *cs, enum apply_reason reason)
{
	const char *operand = call_site_reason_operand(cs);
	struct apply_left *left = add_left(r, file, cs, reason,
					   operand ? xstrdup(operand) : NULL);

	left->site_kind = cs->kind;
	left->site_reason = cs->reason;
	left->arg = cs->variadic;
}

/*
 * a call of a file-local function, or inside the API's own definition;
 * not a declaration or definition
 */
static int is_shadowed_call(const struct call_site *cs)
{
	return cs->kind == CALL_SITE_SHADOWED &&
	       (cs->reason == CALL_REASON_LOCAL_CALL ||
		cs->reason == CALL_REASON_API_DEFINITION);
}

/*
 * left's argument is known, but two files give it different values:
 * "\nFILE\nVALUE\nOTHER-FILE\nITS-VALUE" after its function field
 */
static void add_clash(struct apply_left *left, const struct apply_work *w,
		      const char *path)
{
	struct map_values_clash clash;
	char *with;

	if (!map_values_clash(w->values, path, left->text, strlen(left->text),
			      &clash))
		return;
	with = xstrfmt("%s\n%s\n%s\n%s\n%s", left->function, clash.paths[0],
		       clash.literals[0], clash.paths[1], clash.literals[1]);
	free(left->function);
	left->function = with;
}

/*
 * a call whose arguments' values choose no conversion of the migration
 * (family.h): the argument that leaves it open and what it would choose,
 * or the argument the new call would evaluate twice
 */
static int left_by_value(struct apply_result *r, const struct apply_file *file,
			 const struct call_site *cs, const struct apply_work *w,
			 const struct migration *m)
{
	struct migration_choice choice;
	struct apply_left *left;
	const char *value = "", *other = "";
	size_t i;

	if (!w->orig.buf || call_variant_choose(m, w->orig.values, w->orig.buf,
						w->orig.len, cs, &choice) != 1)
		return 0;
	left = add_left(r, file, cs,
			choice.twice ? APPLY_LEFT_TWICE : APPLY_LEFT_VALUE,
			NULL);
	left->arg = (size_t)choice.arg;
	if (!choice.arg || (size_t)choice.arg > cs->nr_args)
		return 1;
	if (choice.twice) {
		left->text = xstrdup(cs->args[choice.arg - 1].text);
		left->param = xstrdup(
			choice.blocked->old_proto.params[choice.arg - 1].name);
		return 1;
	}
	for (i = 0; i < choice.blocked->nr_conds; i++)
		if (choice.blocked->conds[i].arg == choice.arg) {
			value = choice.blocked->conds[i].value;
			other = choice.blocked->conds[i].equal ? "" :
								 "other than ";
		}
	left->text = xstrdup(cs->args[choice.arg - 1].text);
	left->param =
		xstrdup(choice.blocked->old_proto.params[choice.arg - 1].name);
	left->function =
		xstrfmt("%s%s\n%s", other, value, choice.blocked->new_function);
	add_clash(left, w, file->path);
	return 1;
}

/*
 * the reason the semantic patch gives for leaving the call at line, in
 * w->left_reasons ("LINE REASON\n" lines), or NULL; malloc'd
 */
static char *patch_reason(const struct apply_work *w, size_t line)
{
	const char *p = w ? w->left_reasons : NULL;

	while (p && *p) {
		const char *end = strchrnul(p, '\n');
		char *rest;
		unsigned long n = strtoul(p, &rest, 10);

		if (n == line && *rest == ' ')
			return xstrndup(rest + 1, (size_t)(end - rest - 1));
		p = *end ? end + 1 : NULL;
	}
	return NULL;
}

/* why an old-form call that spatch did not convert is left */
static void left_old(struct apply_result *r, const struct apply_file *file,
		     const struct call_site *cs, const struct apply_work *w,
		     const struct migration *m)
{
	char *why = NULL;

	/* the patch's own reason: the function it is in was parsed */
	if (!cs->in_macro && w && !w->timed_out && !w->failure)
		why = patch_reason(w, cs->line);
	if (cs->in_macro)
		add_left(r, file, cs, APPLY_LEFT_MACRO, NULL);
	else if (why)
		add_left(r, file, cs, APPLY_LEFT_NOT_MATCHED, why);
	else if (w && w->timed_out)
		add_left(r, file, cs, APPLY_LEFT_TIMEOUT, NULL);
	else if (w && w->failure)
		add_left(r, file, cs, APPLY_LEFT_SPATCH_FAILED,
			 xstrdup(w->failure));
	else if (w && w->parse_error)
		add_left(r, file, cs, APPLY_LEFT_PARSE_ERROR,
			 xstrdup(w->parse_error));
	else if (!w || !left_by_value(r, file, cs, w, m))
		add_left(r, file, cs, APPLY_LEFT_NOT_MATCHED, NULL);
}

/* a function's occurrence left as the file at path leaves another */
static void left_across(struct apply_result *r, const struct apply_file *file,
			const struct call_site *cs, const char *path)
{
	struct apply_left *left =
		add_left(r, file, cs, APPLY_LEFT_ACROSS, xstrdup(path));

	left->function = xstrdup(cs->local_name);
}

/* why the migration leaves a call by context in the file at path */
static const char *context_reason(const struct migration *m, const char *path)
{
	const char *reason = migration_leaves_path(m, path);

	if (!reason)
		reason = m->left_reason;
	return reason ? reason : "";
}

void account_sites(struct apply_result *r, const struct migration *m,
		   const struct apply_file *file, const struct call_site *sites,
		   size_t nr, const enum call_change *changes,
		   const struct apply_work *w)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct call_site *cs = &sites[i];
		int inserted = changes && changes[i] == CALL_CONVERTED;

		if (cs->kind == CALL_SITE_OLD && w && w->whole_left &&
		    w->whole_left[i])
			left_across(r, file, cs, w->whole_left[i]);
		else if (cs->kind == CALL_SITE_OLD &&
			 !(inserted && apply_is_convertible(cs)))
			left_old(r, file, cs, w, m);
		else if (cs->kind == CALL_SITE_AMBIGUOUS)
			add_left_site(r, file, cs, APPLY_LEFT_AMBIGUOUS);
		else if (is_shadowed_call(cs))
			add_left_site(r, file, cs, APPLY_LEFT_SHADOWED);
		else if (cs->kind == CALL_SITE_CONTEXT)
			add_left(r, file, cs, APPLY_LEFT_CONTEXT,
				 xstrdup(context_reason(m, file->path)));
		else if (cs->kind == CALL_SITE_NEW && inserted)
			add_left_site(r, file, cs, APPLY_LEFT_AMBIGUOUS);
	}
}
