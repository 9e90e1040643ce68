/*
 * kind-callback.c - the "callback" kind: a function-pointer member of a
 * struct whose prototype changes, so that every function assigned to it
 * changes its definition (its keys are the "callback" section of
 * Documentation/migration-format.md, read by callback.c).
 *
 * scan finds the member's occurrences and their functions
 * (callback-site.h), apply generates its semantic patch, cross-checks
 * and rewrites (callback-convert.h), series words a change by the data's
 * summary and a cover letter by the member's prototypes.  check refuses
 * a tree whose header lacks the new member, in one line; else it has
 * libclang describe each member the scan found (clang-callback.h: the
 * function given, the member as the tree's header declares it, a value
 * returned where the member returns void), and its rules judge them:
 * callback-type and callback-value-return on libclang's records,
 * callback-unconverted on the scan's verdicts where libclang did not
 * judge (no libclang, a parse it could not make, a branch of an #if
 * it did not see), and the tree rule callback-left.
 */
#include <stddef.h>

#include "callback-convert.h"
#include "callback-site.h"
#include "callback-tree.h"
#include "callback.h"
#include "check.h"
#include "clang-callback.h"
#include "clang-loader.h"
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
	/* a positional initializer names no member */
	names[n++] = cb->struct_name;
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

/* the members of one file become records for libclang (clang-callback.h) */
static void add_members(struct check_result *r, const struct scan_file *sf,
			const struct migration *m)
{
	struct check_file *cf;
	size_t i, n = 0;

	for (i = 0; i < sf->nr_sites; i++)
		n += callback_site_is_member(&sf->sites[i]);
	if (!n)
		return;
	cf = check_file_start(r, sf->path, n);
	for (i = 0; i < sf->nr_sites; i++)
		if (callback_site_is_member(&sf->sites[i])) {
			callback_record_init(&cf->calls[cf->nr_calls],
					     &sf->sites[i], m, &cf->analysed,
					     cf->nr_calls);
			cf->nr_calls++;
		}
}

/*
 * check: a tree whose header lacks the new member has not had the API
 * change the conversion needs (a header it cannot read is no answer);
 * else a record for each member the scan found
 */
static int callback_prepare(const struct check_options *opts,
			    struct check_result *result)
{
	const struct migration_callback *cb =
		migration_callback(opts->migration);
	struct strbuf text = STRBUF_INIT;
	size_t i;
	int ret = 0;

	if (callback_renames(cb) &&
	    !tree_fs_read_path(opts->tree, cb->header, &text) &&
	    !scan_mentions(text.buf, text.len, cb->new_field))
		ret = error("'%s' declares no member '%s' in struct %s: the "
			    "tree needs the API change first",
			    cb->header, cb->new_field, cb->struct_name);
	strbuf_release(&text);
	for (i = 0; !ret && i < result->scan.nr_files; i++)
		add_members(result, &result->scan.files[i], opts->migration);
	return ret;
}

/*
 * libclang describes each member (clang-callback.h) when it can be
 * loaded; else the rules judge the scan's verdicts alone, as they do
 * for a member libclang did not see
 */
static int callback_analyse_files(struct check_result *const *results,
				  size_t nr, const struct check_options *opts)
{
	if (opts->lexer_only)
		return 0;
	if (clang_loader_try() < 0) {
		if (!opts->quiet)
			note("libclang cannot be loaded: the members are "
			     "checked from their text only");
		return 0;
	}
	return check_analyse_records(results, nr, opts,
				     clang_analyse_callbacks);
}

static void callback_conclude(struct check_result *result, int jobs)
{
	(void)result;
	(void)jobs;
}

/* check judges each member given a function, converted or not */
static size_t callback_count_judged(const struct migration *m,
				    const struct scan_result *scan,
				    size_t *files, struct strbuf *what)
{
	const struct migration_callback *cb = migration_callback(m);
	size_t i, j, n = 0, here;

	*files = 0;
	for (i = 0; i < scan->nr_files; i++) {
		here = 0;
		for (j = 0; j < scan->files[i].nr_sites; j++)
			here += !!callback_site_is_member(
				&scan->files[i].sites[j]);
		n += here;
		*files += here > 0;
	}
	strbuf_addf(what, "function%s given to .%s", n == 1 ? "" : "s",
		    cb->field);
	if (callback_renames(cb))
		strbuf_addf(what, " or .%s", cb->new_field);
	return n;
}

static const char *const callback_rules[] = {
	"callback-unconverted",
	"callback-type",
	"callback-value-return",
	NULL,
};

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
	.count_judged = callback_count_judged,
	.rules = callback_rules,
	.describe = callback_describe,
	.describe_users = callback_describe_users,
	.cover_change = callback_cover_change,
	.parts_build_alone = callback_parts_build_alone,
};
