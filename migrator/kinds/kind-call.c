/*
 * kind-call.c - the "call" kind: a call site whose arguments are
 * inserted, removed, reordered or replaced, and whose function may be
 * renamed (the default kind; its keys are the "call" section of
 * Documentation/migration-format.md).
 *
 * It reads the keys function, new-function, header, new-header,
 * old-prototype, new-prototype, new-call, drop, not-null, where,
 * left-reason, leave-path and model into the call fields of struct
 * migration (the map is migration-map.c's), checks once they are all
 * read that the prototypes name the function and the map fits them, has
 * scan look for the function's names and classify its call sites
 * (call-site.h), generates the semantic patch (cocci-gen.h), rewrites
 * the calls spatch converted (rewrite.h) and cross-checks a converted
 * text call by call (cross-check.h), has check analyse the calls with
 * libclang and the model (check.h) and brings its call rules, and words
 * a change as the map does (migration_describe()) and a cover letter by
 * its prototypes (series.h). Every value is checked for what it is
 * (migration-validate.h) before it is stored.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "call-site.h"
#include "check-renamed.h"
#include "check.h"
#include "cocci-gen.h"
#include "cross-check.h"
#include "family.h"
#include "map-case.h"
#include "kinds.h"
#include "migration-map.h"
#include "migration-validate.h"
#include "migration.h"
#include "rewrite.h"
#include "series.h"
#include "strbuf.h"
#include "util.h"

/* a declaration, its attributes those of the kernel's data */
static int set_prototype(struct migration *m, struct migration_prototype *p,
			 const char *value, struct strbuf *why)
{
	if (p->text) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (validate_prototype(value, why) < 0)
		return -1;
	return prototype_read(p, value, &m->kernel, why);
}

/* the prototypes name the function, old and new */
static int check_names(struct migration *m, struct strbuf *why)
{
	if (!m->new_function)
		m->new_function = xstrdup(m->function);
	if (strcmp(m->old_proto.function, m->function)) {
		strbuf_addf(why, "the old prototype declares '%s', not '%s'",
			    m->old_proto.function, m->function);
		return -1;
	}
	if (strcmp(m->new_proto.function, m->new_function)) {
		strbuf_addf(why, "the new prototype declares '%s', not '%s'%s",
			    m->new_proto.function, m->new_function,
			    migration_renames(m) ?
				    "" :
				    " (a new name needs 'new-function')");
		return -1;
	}
	return 0;
}

/* "PATH PATH...": relative paths or globs of the tree, one blank apart */
static int validate_header_list(const char *value, struct strbuf *why)
{
	char *copy, *save = NULL, *word;
	int ret = validate_one_line(value, why);

	if (ret < 0)
		return ret;
	copy = xstrdup(value);
	word = strtok_r(copy, " ", &save);
	if (!word) {
		strbuf_addstr(why, "an empty path");
		ret = -1;
	}
	for (; word && !ret; word = strtok_r(NULL, " ", &save))
		ret = validate_relative_path(word, why);
	free(copy);
	return ret;
}

/* the text keys: where each key's value goes, and what it must be */
struct call_text_key {
	const char *key;
	size_t offset;
	int (*validate)(const char *value, struct strbuf *why);
};

static const struct call_text_key call_text_keys[] = {
	{ "function", offsetof(struct migration, function),
	  validate_identifier },
	{ "new-function", offsetof(struct migration, new_function),
	  validate_identifier },
	{ "header", offsetof(struct migration, header), validate_header_list },
	{ "new-header", offsetof(struct migration, new_header),
	  validate_relative_path },
	{ "model", offsetof(struct migration, model), validate_identifier },
};

static int set_text(struct migration *m, const struct call_text_key *k,
		    const char *value, struct strbuf *why)
{
	char **text = (char **)((char *)m + k->offset);

	if (*text) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (k->validate(value, why) < 0)
		return -1;
	*text = xstrdup(value);
	return 0;
}

static int call_read_field(struct migration *family, const char *key,
			   const char *value, struct strbuf *why)
{
	struct migration *m = family_variant_for_key(family, key, why);
	size_t i;

	if (!m)
		return -1;

	for (i = 0; i < ARRAY_SIZE(call_text_keys); i++)
		if (!strcmp(key, call_text_keys[i].key))
			return set_text(m, &call_text_keys[i], value, why);
	/* words, wrapped over lines as they come */
	if (!strcmp(key, "left-reason"))
		return map_set_left_reason(m, value, why);
	if (!strcmp(key, "leave-path"))
		return map_add_leave_path(m, value, why);
	/* every other key is one line, checked again for what it is */
	if (validate_one_line(value, why) < 0)
		return -1;
	if (!strcmp(key, "old-prototype"))
		return set_prototype(m, &m->old_proto, value, why);
	if (!strcmp(key, "new-prototype"))
		return set_prototype(m, &m->new_proto, value, why);
	if (!strcmp(key, "new-call"))
		return map_parse_new_call(m, value, why);
	if (!strcmp(key, "case"))
		return map_case_parse(m, value, why);
	if (!strcmp(key, "drop"))
		return map_add_drop(m, value, why);
	if (!strcmp(key, "not-null"))
		return map_add_not_null(m, value, why);
	if (!strcmp(key, "where"))
		return map_set_where(m, value, why);
	strbuf_addstr(why, "unknown key");
	return -1;
}

static const char *variant_missing_field(const struct migration *m)
{
	if (!m->function)
		return "function";
	if (!m->header)
		return "header";
	if (!m->old_proto.text)
		return "old-prototype";
	if (!m->new_proto.text)
		return "new-prototype";
	if (!m->new_call)
		return "new-call";
	return NULL;
}

/* the first key a variant lacks */
static const char *call_missing_field(const struct migration *m)
{
	size_t i;

	for (i = 0; i < migration_nr_variants(m); i++) {
		const char *missing =
			variant_missing_field(migration_variant(m, i));

		if (missing)
			return missing;
	}
	return NULL;
}

static int call_finish(struct migration *m, struct strbuf *why)
{
	size_t i;

	for (i = 0; i < migration_nr_variants(m); i++) {
		struct migration *v =
			(struct migration *)migration_variant(m, i);

		if (check_names(v, why) < 0 || map_validate(v, why) < 0)
			return -1;
	}
	m->parsing = NULL;
	if (family_validate(m, why) < 0)
		return -1;
	family_share(m);
	return 0;
}

static void add_name(const char **names, size_t *n, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp(names[i], name))
			return;
	if (*n < KIND_MAX_NAMES)
		names[(*n)++] = name;
}

/* scan: every variant's function's name, and its new one */
static size_t call_names(const struct migration *m, const char **names)
{
	size_t i, n = 0;

	for (i = 0; i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		add_name(names, &n, v->function);
		add_name(names, &n, v->new_function);
	}
	return n;
}

/* series: who breaks when a call is left unconverted */
static void call_describe_users(const struct migration *m, struct strbuf *out)
{
	strbuf_addf(out, "caller of %s()", m->function);
}

static void release_variant(struct migration *m)
{
	free(m->function);
	free(m->new_function);
	free(m->header);
	free(m->new_header);
	free(m->model);
	prototype_release(&m->old_proto);
	prototype_release(&m->new_proto);
	map_release(m);
	m->function = m->new_function = m->header = m->model = NULL;
	m->new_header = NULL;
}

static void call_release(struct migration *m)
{
	family_release(m, release_variant);
	release_variant(m);
}

/* check's call rules (migrator/check/rules/), the ones a call has */
static const char *const call_rules[] = {
	"expression-too-deep",	 "parse-crash",
	"parse-failure",	 "left-by-context",
	"other-declaration",	 "argument-count",
	"ambiguous-call",	 "unconverted-call",
	"swapped-arguments",	 "null-class",
	"argument-type",	 "format-mismatch",
	"format-nonliteral",	 "sysfs-effect-changed",
	"hand-patch-divergence", NULL,
};

const struct migration_kind kind_call = {
	.name = "call",
	.read_field = call_read_field,
	.missing_field = call_missing_field,
	.finish = call_finish,
	.release = call_release,
	.names = call_names,
	.scan_buffer = call_site_scan_variants,
	.write_cocci = cocci_generate,
	.cross_check = cross_check_calls,
	.rewrite = rewrite_calls,
	.prepare = check_prepare_calls,
	.analyse_files = check_analyse_calls,
	.conclude = check_conclude_calls,
	.judged_by_base = check_renamed_only,
	.rules = call_rules,
	.describe = family_describe,
	.describe_users = call_describe_users,
	.cover_change = series_cover_prototypes,
};
