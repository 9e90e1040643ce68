/*
 * check.c - the check pipeline (see check.h); the helpers the rules
 * share are rules.c.
 *
 * The steps read as a pipeline: the tree's API (tree-api.c), the call
 * sites (scan.c), libclang per file on -j threads (clang-analysis.c), each
 * call run on the driver-core model (model-call.c), the rules in
 * rule-list.h order on each call, then the findings sorted.  Once the
 * tree is scanned, which occurrences are analysed, how they are
 * described and what is settled after is the migration's kind's
 * (kind.h: prepare, analyse_files, conclude); the call kind's are
 * check_prepare_calls() and check_conclude_calls() here and
 * check-analyse.c.  A finding
 * made by call_finding() carries the model's verdict on its call.
 * Each thread writes only its own file's records; the rules run on the
 * calling thread, so a rule may keep static state.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "c-type.h"
#include "check.h"
#include "family.h"
#include "evidence.h"
#include "rules.h"
#include "strbuf.h"
#include "tree-overlay.h"
#include "util.h"

#define RULE(name) &rule_##name,
const struct rule *const check_rules[] = {
#include "rule-list.h"
};
#undef RULE

const size_t nr_check_rules = ARRAY_SIZE(check_rules);

/*
 * The variant of a site (family.h): its name's, and for an old name
 * with cases the case its literal arguments choose, or else the first
 * (the old prototype is every case's)
 */
static const struct migration *variant_of(const struct migration *m,
					  const struct scan_file *sf, size_t i)
{
	const struct call_site *cs = &sf->sites[i];
	struct migration_choice choice;
	const struct migration *v;
	const char **args;
	size_t k;

	/* a call's text starts with its name */
	if (migration_nr_variants(m) == 1 || !cs->text ||
	    strlen(cs->text) < cs->name_len)
		return m;
	args = xcalloc(cs->nr_args + 1, sizeof(*args));
	for (k = 0; k < cs->nr_args; k++)
		args[k] = cs->args[k].text;
	v = migration_variant_named(m, cs->text, cs->name_len);
	if (!migration_choose(m, cs->text, cs->name_len, args, cs->nr_args,
			      NULL, &choice))
		v = choice.variant;
	free(args);
	return v ? v : m;
}

struct check_file *check_file_start(struct check_result *r, const char *path,
				    size_t nr)
{
	struct check_file *cf = &r->files[r->nr_files++];

	clang_file_init(&cf->analysed, path);
	strbuf_init(&cf->text, 0);
	cf->calls = xcalloc(nr, sizeof(*cf->calls));
	cf->extras = xcalloc(nr, sizeof(*cf->extras));
	r->nr_calls += nr;
	return cf;
}

/* the scan's calls of one file become records for the analysis */
static void add_file(struct check_result *r, const struct scan_file *sf,
		     const struct migration *m)
{
	struct check_file *cf;
	size_t i, n = 0;

	for (i = 0; i < sf->nr_sites; i++)
		n += call_site_kind_is_call(sf->sites[i].kind);
	if (!n)
		return;
	cf = check_file_start(r, sf->path, n);
	for (i = 0; i < sf->nr_sites; i++) {
		struct call_analysis *call;

		if (!call_site_kind_is_call(sf->sites[i].kind))
			continue;
		call = &cf->calls[cf->nr_calls];
		/* a family's: the conversion of the call's name (family.h) */
		call_analysis_init(call, &sf->sites[i], variant_of(m, sf, i),
				   &r->api, &cf->analysed, cf->nr_calls);
		cf->nr_calls++;
	}
}

/* does the argument at index a fit parameter index p: 1, 0, -1 unknown */
static int arg_fits(const struct call_analysis *call,
		    const struct migration_prototype *proto, size_t a, size_t p)
{
	const struct call_argument *arg = &call->args[a];

	if (arg->type_source != TYPE_FROM_LIBCLANG)
		return -1;
	return type_spelling_fits(proto->params[p].type, arg_judged_type(arg),
				  arg->is_null);
}

/*
 * Definite misfits of the fixed arguments, with arguments i and j
 * exchanged (i == j: as written); -1 when a type is unknown.
 */
static int misfits(const struct call_analysis *call,
		   const struct migration_prototype *proto, size_t i, size_t j)
{
	size_t p;
	int n = 0;

	if (call->nr_args < proto->nr_params)
		return -1;
	for (p = 0; p < proto->nr_params; p++) {
		size_t a = p == i ? j : p == j ? i : p;
		int fit = arg_fits(call, proto, a, p);

		if (fit < 0)
			return -1;
		n += !fit;
	}
	return n;
}

/* the new form with two arguments exchanged fits: a swap, not a guess */
static int fits_when_swapped(const struct call_analysis *call,
			     const struct migration_prototype *proto)
{
	size_t i, j;

	for (i = 0; i < proto->nr_params; i++)
		for (j = i + 1; j < proto->nr_params; j++)
			if (!misfits(call, proto, i, j))
				return 1;
	return 0;
}

/* what libclang says an argument is, for evidence.c */
static void libclang_evidence(struct evidence *ev,
			      const struct call_argument *arg)
{
	evidence_set_type(ev, arg_judged_type(arg));
	if (arg->is_literal)
		ev->kind = EVIDENCE_STRING;
	else if (arg->is_null)
		ev->kind = model_text_is_zero(arg->text, NULL) &&
					   strcmp(arg->text, "NULL") ?
				   EVIDENCE_ZERO :
				   EVIDENCE_NULL;
}

/* every argument has libclang's type */
static int all_typed(const struct call_analysis *call)
{
	size_t i;

	for (i = 0; i < call->nr_args; i++)
		if (call->args[i].type_source != TYPE_FROM_LIBCLANG ||
		    !arg_judged_type(&call->args[i]))
			return 0;
	return 1;
}

/*
 * A call the scan could not decide, whose arguments libclang typed:
 * weighed again by evidence.c with those types (a form they contradict
 * is out), or, when neither form fits, the declared one once two
 * arguments are exchanged (and not the other).  Anything less clear
 * stays ambiguous: never guessed.
 */
static void decide_by_types(struct call_analysis *call)
{
	const struct migration *m = call->migration;
	const struct migration_prototype *declared;
	struct evidence_form forms[2] = {
		{ "old", &m->old_proto, 1 },
		{ "new", &m->new_proto, 1 },
	};
	struct evidence *args;
	struct strbuf why = STRBUF_INIT;
	size_t i;
	int form, swapped = 0;

	if (call->form != CALL_SITE_AMBIGUOUS || !call->seen_by_libclang ||
	    !all_typed(call))
		return;
	args = xcalloc(call->nr_args + 1, sizeof(*args));
	for (i = 0; i < call->nr_args; i++)
		libclang_evidence(&args[i], &call->args[i]);
	form = evidence_decide(forms, 2, args, call->nr_args, &why);
	for (i = 0; i < call->nr_args; i++)
		evidence_release(&args[i]);
	free(args);
	strbuf_release(&why);
	declared = tree_api_prototype(call->api, m);
	if (form < 0 && misfits(call, &m->old_proto, 0, 0) > 0 &&
	    misfits(call, &m->new_proto, 0, 0) > 0 &&
	    fits_when_swapped(call, declared)) {
		form = declared == &m->new_proto;
		swapped = 1;
	}
	if (form < 0)
		return;
	call->form = form ? CALL_SITE_NEW : CALL_SITE_OLD;
	call->form_reason = swapped ? CALL_FORM_BY_TYPES_EXCHANGED :
				      CALL_FORM_BY_TYPES;
}

static void check_model_verdicts(struct check_result *r, int jobs);

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static const char *tree_error(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return strerror(errno);
	return "not a directory";
}

/*
 * each file's text, as the overlay has it; a file that cannot be read
 * is described from nothing, and says why
 */
static void read_texts(struct check_result *r)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++) {
		struct check_file *cf = &r->files[i];

		if (tree_overlay_read(r->overlay, r->tree, cf->analysed.path,
				      &cf->text) < 0)
			cf->analysed.parse_error =
				xstrfmt("cannot read it: %s", strerror(errno));
	}
}

int check_prepare_calls(const struct check_options *opts,
			struct check_result *result)
{
	const struct migration *m = opts->migration;
	size_t i;

	if (tree_api_read_overlay(&result->api, opts->tree, opts->overlay, m) <
	    0)
		return -1;
	if (result->api.fallback && !opts->quiet) {
		struct strbuf why = STRBUF_INIT;

		tree_api_reason_text(&result->api, &why);
		note("cannot tell which prototype of '%s' the tree declares "
		     "(%s); checking against the new one",
		     m->function, why.buf);
		strbuf_release(&why);
	}
	for (i = 0; i < result->scan.nr_files; i++)
		add_file(result, &result->scan.files[i], m);
	return 0;
}

int check_prepare(const struct check_options *opts, struct check_result *result)
{
	const struct migration *m = opts->migration;

	memset(result, 0, sizeof(*result));
	findings_init(&result->findings);
	result->tree = xstrdup(opts->tree);
	result->overlay = opts->overlay;
	result->migration = m;
	if (!is_dir(opts->tree))
		return error("cannot open tree '%s': %s", opts->tree,
			     tree_error(opts->tree));
	if ((opts->overlay_only ?
		     scan_overlay_only(opts->tree, opts->overlay, m, opts->jobs,
				       &result->scan) :
		     scan_tree_overlay(opts->tree, opts->overlay, m, opts->jobs,
				       &result->scan)) < 0)
		return error("cannot open tree '%s': %s", opts->tree,
			     strerror(errno));
	result->files =
		xcalloc(result->scan.nr_files + 1, sizeof(*result->files));
	if (m->kind->prepare(opts, result) < 0)
		return -1;
	read_texts(result);
	return 0;
}

int check_analyse_files(struct check_result *const *results, size_t nr,
			const struct check_options *opts)
{
	return opts->migration->kind->analyse_files(results, nr, opts);
}

void check_conclude(struct check_result *result, int jobs)
{
	result->migration->kind->conclude(result, jobs);
}

void check_conclude_calls(struct check_result *result, int jobs)
{
	size_t i, j;

	for (i = 0; i < result->nr_files; i++)
		for (j = 0; j < result->files[i].nr_calls; j++)
			decide_by_types(&result->files[i].calls[j]);
	check_model_verdicts(result, jobs);
}

int check_analyse(const struct check_options *opts, struct check_result *result)
{
	if (check_prepare(opts, result) < 0 ||
	    check_analyse_files(&result, 1, opts) < 0)
		return -1;
	check_conclude(result, opts->jobs);
	return 0;
}

/* class variables whose class_create() is not in their file */
static void add_unnamed(const struct model_call *mc, struct strlist *vars)
{
	struct strlist mine = STRLIST_INIT;
	size_t i;

	model_call_unnamed_classes(mc, &mine);
	for (i = 0; i < mine.nr; i++)
		if (strlist_find(vars, mine.items[i].string) < 0)
			strlist_push(vars, mine.items[i].string);
	strlist_clear(&mine, 0);
}

/* every call: mapped with the tree's class names, run on the model */
static void check_model_verdicts(struct check_result *r, int jobs)
{
	struct strlist vars = STRLIST_INIT;
	size_t i, j;

	for (i = 0; i < r->nr_files; i++)
		for (j = 0; j < r->files[i].nr_calls; j++) {
			model_call_map(&r->files[i].extras[j].model,
				       &r->files[i].calls[j], NULL);
			add_unnamed(&r->files[i].extras[j].model, &vars);
		}
	model_class_names_find(&vars, r->tree, r->overlay, jobs,
			       r->scan.c_files_racy ? NULL : r->scan.c_files);
	for (i = 0; i < r->nr_files; i++) {
		for (j = 0; j < r->files[i].nr_calls; j++) {
			struct call_extra *extra = &r->files[i].extras[j];

			if (vars.nr) {
				model_call_release(&extra->model);
				model_call_map(&extra->model,
					       &r->files[i].calls[j], &vars);
			}
			model_call_run(&extra->model, NULL, &extra->verdict);
		}
	}
	strlist_clear(&vars, 1);
}

void check_run_rules(struct check_result *result)
{
	size_t i, j, k;

	for (k = 0; k < nr_check_rules; k++)
		if (check_rules[k]->check_tree)
			check_rules[k]->check_tree(&result->scan,
						   result->migration,
						   &result->findings);
	for (i = 0; i < result->nr_files; i++) {
		struct check_file *cf = &result->files[i];

		for (j = 0; j < cf->nr_calls; j++) {
			struct rule_call rc;

			check_rule_call(&rc, result, cf, j);
			findings_begin_call(&result->findings);
			for (k = 0; k < nr_check_rules; k++)
				if (check_rules[k]->check_call &&
				    migration_kind_has_rule(
					    rc.m->kind, check_rules[k]->name))
					check_rules[k]->check_call(
						&rc, &result->findings);
		}
	}
	findings_sort(&result->findings);
}

int check_tree(const struct check_options *opts, struct check_result *result)
{
	if (check_analyse(opts, result) < 0)
		return -1;
	check_run_rules(result);
	return 0;
}

void check_result_release(struct check_result *result)
{
	size_t i, j;

	for (i = 0; i < result->nr_files; i++) {
		struct check_file *cf = &result->files[i];

		for (j = 0; j < cf->nr_calls; j++) {
			call_analysis_release(&cf->calls[j]);
			model_call_release(&cf->extras[j].model);
			model_verdict_release(&cf->extras[j].verdict);
		}
		free(cf->calls);
		free(cf->extras);
		strbuf_release(&cf->text);
		clang_file_release(&cf->analysed);
	}
	free(result->files);
	scan_result_release(&result->scan);
	tree_api_release(&result->api);
	findings_release(&result->findings);
	free(result->tree);
	memset(result, 0, sizeof(*result));
}

static int compare_file_path(const void *key, const void *elem)
{
	const struct check_file *cf = elem;

	return strcmp(key, cf->analysed.path);
}

static const struct check_file *find_file(const struct check_file *files,
					  size_t nr, const char *path)
{
	if (!nr)
		return NULL;
	return sane_bsearch(path, files, nr, sizeof(*files), compare_file_path);
}

const struct check_file *check_find_file(const struct check_result *r,
					 const char *path)
{
	return find_file(r->files, r->nr_files, path);
}

void check_rule_call(struct rule_call *rc, const struct check_result *r,
		     const struct check_file *f, size_t j)
{
	rc->call = &f->calls[j];
	rc->extra = &f->extras[j];
	rc->file = &f->analysed;
	rc->m = f->calls[j].migration;
	rc->api = &r->api;
}
