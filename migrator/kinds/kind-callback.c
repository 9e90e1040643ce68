/*
 * kind-callback.c - the "callback" kind: a function-pointer member of a
 * struct whose prototype changes, so that every function assigned to it
 * changes its definition (its keys are the "callback" section of
 * Documentation/migration-format.md, read by callback.c).
 *
 * scan finds the member's occurrences and their functions
 * (callback-site.h), apply generates its semantic patch, cross-checks
 * and rewrites (callback-convert.h), series words a change by the data's
 * summary and a cover letter by the member's prototypes.  check has no
 * call of it to analyse: its prepare only refuses a tree whose header
 * lacks the new member, and its tree rules (callback-unconverted,
 * callback-left) judge the scan.
 */
#include <stddef.h>

#include "callback-convert.h"
#include "callback-site.h"
#include "callback-tree.h"
#include "callback.h"
#include "check.h"
#include "kinds.h"
#include "scan.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "util.h"

static size_t callback_names(const struct migration *m, const char **names)
{
	const struct migration_callback *cb = migration_callback(m);
	size_t n = 0;

	names[n++] = cb->field;
	if (callback_renames(cb))
		names[n++] = cb->new_field;
	return n;
}

static void callback_describe(const struct migration *m, struct strbuf *out)
{
	strbuf_addstr(out, migration_callback(m)->summary);
}

static void callback_describe_users(const struct migration *m,
				    struct strbuf *out)
{
	const struct migration_callback *cb = migration_callback(m);

	strbuf_addf(out, "function given to .%s of struct %s", cb->field,
		    cb->struct_name);
}

/* with a new member beside the old, a driver not converted still builds */
static int callback_parts_build_alone(const struct migration *m)
{
	return callback_renames(migration_callback(m));
}

static void callback_cover_change(const struct migration *m, struct strbuf *out)
{
	const struct migration_callback *cb = migration_callback(m);

	strbuf_addf(out,
		    "The .%s member of struct %s:\n\n  %s\n\nbecomes\n\n"
		    "  %s\n",
		    cb->field, cb->struct_name, cb->old_proto.text,
		    cb->new_proto.text);
}

/*
 * check: a tree whose header lacks the new member has not had the API
 * change the conversion needs (a header it cannot read is no answer)
 */
static int callback_prepare(const struct check_options *opts,
			    struct check_result *result)
{
	const struct migration_callback *cb =
		migration_callback(opts->migration);
	struct strbuf text = STRBUF_INIT;
	int ret = 0;

	(void)result;
	if (callback_renames(cb) &&
	    !tree_fs_read_path(opts->tree, cb->header, &text) &&
	    !scan_mentions(text.buf, text.len, cb->new_field))
		ret = error("'%s' declares no member '%s' in struct %s: the "
			    "tree needs the API change first",
			    cb->header, cb->new_field, cb->struct_name);
	strbuf_release(&text);
	return ret;
}

static int callback_analyse_files(struct check_result *const *results,
				  size_t nr, const struct check_options *opts)
{
	(void)results;
	(void)nr;
	(void)opts;
	return 0;
}

static void callback_conclude(struct check_result *result, int jobs)
{
	(void)result;
	(void)jobs;
}

static const char *const callback_rules[] = { NULL };

const struct migration_kind kind_callback = {
	.name = "callback",
	.read_field = callback_read_field,
	.missing_field = callback_missing_field,
	.finish = callback_finish,
	.release = callback_release,
	.names = callback_names,
	.scan_buffer = callback_site_scan,
	.tree_names = callback_tree_names,
	.mentions = callback_mentions,
	.tree_learn = callback_tree_learn,
	.tree_learned = callback_tree_learned,
	.write_cocci = cocci_generate_callback,
	.spatch_context = cocci_callback_context,
	.cross_check = cross_check_callbacks,
	.rewrite = rewrite_callbacks,
	.prepare = callback_prepare,
	.analyse_files = callback_analyse_files,
	.conclude = callback_conclude,
	.rules = callback_rules,
	.describe = callback_describe,
	.describe_users = callback_describe_users,
	.cover_change = callback_cover_change,
	.parts_build_alone = callback_parts_build_alone,
};
