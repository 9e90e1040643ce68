/*
 * rule-test.h - synthetic call analyses for the check rules' suites
 * (tests/check/rules/test-rule-*.c).
 *
 *	struct rule_test t;
 *	rule_test_init(&t, API_NEW);
 *	rule_test_call(&t, CALL_SITE_NEW, "NULL", "vmlogrdr_class", ...,
 *		       NULL);
 *	rule_test_type(&t, 1, "void *", TYPE_FROM_LIBCLANG);
 *	t.call.args[0].is_null = 1;
 *	rule_test_run(&t);		(every rule, in rule-list.h order)
 *	check_int(rule_test_count(&t, "swapped-arguments"), 1);
 *	rule_test_release(&t);
 *
 * The migration is class-device-parent's data, inline, so the suites run
 * from any build directory; the effect of a NULL class is set with
 * rule_test_not_null().  one_call_init() gives one call as check has it
 * after check_analyse(), the model run included, and one_call_run() runs
 * every rule on it, for the rules that compare a call with its
 * counterpart.
 */
#ifndef KM_RULE_TEST_H
#define KM_RULE_TEST_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rules.h"
#include "scan.h"
#include "test-migration-data.h"
#include "unit.h"
#include "util.h"

struct rule_test {
	struct migration m;
	struct tree_api api;
	struct analysed_file file;
	struct call_site site;
	struct call_analysis call;
	struct findings findings;
	int has_call;
};

static inline void rule_test_init(struct rule_test *t, enum api_form api)
{
	memset(t, 0, sizeof(*t));
	CU_ASSERT_FATAL(!test_migration_parse(&t->m));
	t->api.declared = t->api.used = api;
	clang_file_init(&t->file, "drivers/test.c");
	findings_init(&t->findings);
}

/* a call of the given form with these argument texts (NULL-terminated) */
static inline void rule_test_call(struct rule_test *t, enum call_site_kind kind,
				  ...)
{
	const char *text;
	va_list ap;

	t->site.file = xstrdup("drivers/test.c");
	t->site.line = 42;
	t->site.column = 9;
	t->site.kind = kind;
	t->site.reason = CALL_REASON_EVIDENCE;
	t->site.evidence = xstrdup("the test says so");
	t->site.text = xstrdup("class_device_create(...)");
	t->site.has_args = 1;
	t->site.args = xcalloc(16, sizeof(*t->site.args));
	va_start(ap, kind);
	while ((text = va_arg(ap, const char *)) && t->site.nr_args < 16)
		t->site.args[t->site.nr_args++].text = xstrdup(text);
	va_end(ap);
	call_analysis_init(&t->call, &t->site, &t->m, &t->api, &t->file, 0);
	t->file.nr_calls = 1;
	t->has_call = 1;
}

/* argument argno (1-based) has this type, from this source */
static inline void rule_test_type(struct rule_test *t, int argno,
				  const char *type, enum type_source source)
{
	struct call_argument *arg = &t->call.args[argno - 1];

	free(arg->type);
	arg->type = xstrdup(type);
	arg->type_source = source;
	if (source == TYPE_FROM_LIBCLANG)
		t->call.seen_by_libclang = 1;
}

static inline void rule_test_literal(struct rule_test *t, int argno,
				     const char *value)
{
	struct call_argument *arg = &t->call.args[argno - 1];

	arg->is_literal = 1;
	free(arg->literal);
	arg->literal = xstrdup(value);
	rule_test_type(t, argno, "char *", TYPE_FROM_LIBCLANG);
}

/* what a NULL at the not-null parameter does, in the migration's words */
static inline void rule_test_not_null(struct rule_test *t, const char *param,
				      const char *effect)
{
	size_t i;

	for (i = 0; i < t->m.nr_not_null; i++)
		if (!strcmp(t->m.not_null[i].param, param)) {
			free(t->m.not_null[i].effect);
			t->m.not_null[i].effect = xstrdup(effect);
		}
}

/* every rule, in rule-list.h order, on call with extra (may be NULL) */
static inline void rule_test_run_on(struct rule_test *t,
				    const struct call_analysis *call,
				    const struct call_extra *extra)
{
	struct rule_call rc = { call, extra, call->file, &t->m, &t->api };
	size_t i;

	findings_begin_call(&t->findings);
	for (i = 0; i < nr_check_rules; i++)
		if (check_rules[i]->check_call)
			check_rules[i]->check_call(&rc, &t->findings);
}

static inline void rule_test_run(struct rule_test *t)
{
	rule_test_run_on(t, &t->call, NULL);
}

static inline size_t rule_test_count(const struct rule_test *t,
				     const char *rule)
{
	size_t i, n = 0;

	for (i = 0; i < t->findings.nr; i++)
		if (!rule || !strcmp(t->findings.items[i].rule, rule))
			n++;
	return n;
}

/* the severity of the first finding of rule, or -1 */
static inline int rule_test_severity(const struct rule_test *t,
				     const char *rule)
{
	size_t i;

	for (i = 0; i < t->findings.nr; i++)
		if (!strcmp(t->findings.items[i].rule, rule))
			return (int)t->findings.items[i].severity;
	return -1;
}

/* the (short) message of the first finding of rule, or "" */
static inline const char *rule_test_message(const struct rule_test *t,
					    const char *rule)
{
	size_t i;

	for (i = 0; i < t->findings.nr; i++)
		if (!strcmp(t->findings.items[i].rule, rule))
			return t->findings.items[i].message;
	return "";
}

/* the detail of the first finding of rule, or "" */
static inline const char *rule_test_detail(const struct rule_test *t,
					   const char *rule)
{
	size_t i;

	for (i = 0; i < t->findings.nr; i++)
		if (!strcmp(t->findings.items[i].rule, rule))
			return t->findings.items[i].detail ?
				       t->findings.items[i].detail :
				       "";
	return "";
}

static inline void rule_test_release(struct rule_test *t)
{
	if (t->has_call)
		call_analysis_release(&t->call);
	call_site_release(&t->site);
	findings_release(&t->findings);
	clang_file_release(&t->file);
	tree_api_release(&t->api);
	migration_release(&t->m);
}

/* one call, as check would have it after check_analyse(): model run */
struct one_call {
	struct scan_file scan;
	struct check_file cf;
};

static inline void one_call_init(struct one_call *oc, const char *text,
				 const struct rule_test *t)
{
	struct call_analysis *call;
	size_t i;

	memset(oc, 0, sizeof(*oc));
	scan_file_buffer(&oc->scan, "drivers/test.c", text, strlen(text),
			 &t->m);
	CU_ASSERT_FATAL(oc->scan.nr_sites >= 1);
	clang_file_init(&oc->cf.analysed, "drivers/test.c");
	oc->cf.calls = xcalloc(1, sizeof(*oc->cf.calls));
	oc->cf.extras = xcalloc(1, sizeof(*oc->cf.extras));
	oc->cf.nr_calls = 1;
	call = &oc->cf.calls[0];
	call_analysis_init(call, &oc->scan.sites[0], &t->m, &t->api,
			   &oc->cf.analysed, 0);
	/* what libclang would say of NULL and of string literals */
	for (i = 0; i < call->nr_args; i++) {
		struct call_argument *arg = &call->args[i];

		arg->is_null = !strcmp(arg->text, "NULL");
		if (arg->text[0] == '"') {
			arg->is_literal = 1;
			arg->literal =
				xstrndup(arg->text + 1, strlen(arg->text) - 2);
		}
	}
	model_call_map(&oc->cf.extras[0].model, call, NULL);
	model_call_run(&oc->cf.extras[0].model, NULL,
		       &oc->cf.extras[0].verdict);
}

static inline void one_call_release(struct one_call *oc)
{
	call_analysis_release(&oc->cf.calls[0]);
	model_call_release(&oc->cf.extras[0].model);
	model_verdict_release(&oc->cf.extras[0].verdict);
	free(oc->cf.calls);
	free(oc->cf.extras);
	clang_file_release(&oc->cf.analysed);
	scan_file_release(&oc->scan);
}

#endif
