/*
 * rules.c - the helpers the check rules share (see rules.h): the
 * prototype of a call's form, its arguments as the analysis describes
 * them, how a NULL argument and the migration's map read in a message,
 * and the finding that carries the model's verdict on its call.
 *
 * Contract: the helpers only read the rule context they are given;
 * what they write goes to the strbuf or the findings handed to them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "map-expr.h"
#include "rules.h"
#include "scan.h"
#include "strbuf.h"
#include "util.h"

const struct migration_prototype *call_prototype(const struct rule_call *rc)
{
	switch (rc->call->form) {
	case CALL_SITE_OLD:
		return &rc->m->old_proto;
	case CALL_SITE_NEW:
		return &rc->m->new_proto;
	default:
		return tree_api_prototype(rc->api, rc->m);
	}
}

int call_is_new_form(const struct rule_call *rc)
{
	return call_prototype(rc) == &rc->m->new_proto;
}

int call_format_position(const struct rule_call *rc)
{
	return call_prototype(rc)->format;
}

const struct call_argument *call_arg(const struct call_analysis *call,
				     int argno)
{
	if (argno < 1 || (size_t)argno > call->nr_args)
		return NULL;
	return &call->args[argno - 1];
}

int arg_is_null_constant(const struct call_argument *arg)
{
	struct type_class tc;

	if (!arg->is_null)
		return 0;
	type_classify(arg_judged_type(arg), &tc);
	return !tc.pointers || (tc.kind == TYPE_VOID && tc.pointers == 1) ||
	       tc.kind == TYPE_UNKNOWN;
}

const char *arg_judged_type(const struct call_argument *arg)
{
	return arg->canonical ? arg->canonical : arg->type;
}

const char *arg_fallback_note(const struct call_argument *arg)
{
	switch (arg->type_source) {
	case TYPE_FROM_DECLARATION:
		return " (type from the file's declaration; libclang could "
		       "not resolve it)";
	case TYPE_FROM_SHAPE:
		return " (type from the expression's form; libclang could "
		       "not resolve it)";
	default:
		return "";
	}
}

void finding_rests_on_type(struct finding *f, const struct call_argument *arg)
{
	if (arg->type_source != TYPE_FROM_LIBCLANG &&
	    f->severity == SEVERITY_ERROR)
		f->severity = SEVERITY_WARNING;
}

/* every character of abbrev appears in word, in order: "cls", "class" */
static int abbreviates(const char *abbrev, const char *word)
{
	for (; *word && *abbrev; word++)
		if (*word == *abbrev)
			abbrev++;
	return !*abbrev;
}

const char *param_role(const struct migration_param *param, char *buf,
		       size_t size)
{
	struct type_class tc;
	const char *tag;

	type_classify(param->type, &tc);
	tag = strchr(tc.base, ' ');
	if (tc.kind == TYPE_RECORD && tc.pointers == 1 && tag &&
	    abbreviates(param->name, tag + 1))
		snprintf(buf, size, "%s", tag + 1);
	else
		snprintf(buf, size, "%s", param->name);
	return buf;
}

const char *arg_display(const struct call_argument *arg, char *buf, size_t size)
{
	const char *p = arg->text ? arg->text : "";
	size_t len = 0;

	for (; *p && len + 4 < size; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			if (len && buf[len - 1] != ' ' && buf[len - 1] != '(')
				buf[len++] = ' ';
			continue;
		}
		buf[len++] = *p;
	}
	if (*p)
		len += (size_t)snprintf(buf + len, size - len, "...");
	buf[len] = '\0';
	return buf;
}

const char *param_display(const struct migration_param *param, char *buf,
			  size_t size)
{
	size_t len = strlen(param->type);
	int star = len && param->type[len - 1] == '*';

	snprintf(buf, size, "%s%s%s", param->type, star ? "" : " ",
		 param->name);
	return buf;
}

char *null_effect(const struct rule_call *rc, int argno, const char *created,
		  int *must)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct migration_not_null *nn;
	const char *effect, *mark;

	if (must)
		*must = 0;
	if (argno < 1 || (size_t)argno > proto->nr_params)
		return NULL;
	nn = migration_not_null(rc->m, proto->params[argno - 1].name);
	if (!nn)
		return NULL;
	if (must)
		*must = 1;
	if (!nn->effect)
		return NULL;
	effect = nn->effect;
	mark = strstr(effect, "{created}");
	if (!mark)
		return xstrdup(effect);
	return xstrfmt("%.*s%s%s", (int)(mark - effect), effect,
		       created ? created : "<class>", mark + 9);
}

/* the kept old arguments (1-based) whose order changes, at most two */
static size_t moved(const struct migration *m, int *first, int *second)
{
	size_t i, n = 0;

	for (i = 0; i < m->old_proto.nr_params; i++) {
		if (!migration_arg_moves(m, i))
			continue;
		if (!n)
			*first = (int)i + 1;
		else
			*second = (int)i + 1;
		n++;
	}
	return n;
}

static void add_step(struct strbuf *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_step(struct strbuf *out, const char *fmt, ...)
{
	va_list ap;

	if (out->len)
		strbuf_addstr(out, "; ");
	va_start(ap, fmt);
	strbuf_vaddf(out, fmt, ap);
	va_end(ap);
}

static const char *shown(const struct call_analysis *call, int argno, char *buf,
			 size_t size)
{
	const struct call_argument *arg = call_arg(call, argno);

	return arg ? arg_display(arg, buf, size) : "";
}

/* the old call's argument texts, "" for one it lacks */
static const char **old_texts(const struct rule_call *rc)
{
	size_t n = rc->m->old_proto.nr_params, k;
	const char **texts = xcalloc(n + 1, sizeof(*texts));

	for (k = 0; k < n; k++) {
		const struct call_argument *arg =
			call_arg(rc->call, (int)k + 1);

		texts[k] = arg && arg->text ? arg->text : "";
	}
	return texts;
}

/* "pass 'f ? &f->dev : NULL' as argument 1 (struct device *dev)" */
static void add_expr_step(const struct rule_call *rc, size_t k,
			  struct strbuf *out)
{
	const struct migration *m = rc->m;
	const char **texts = old_texts(rc);
	struct strbuf value = STRBUF_INIT;
	char decl[128];

	map_expr_text(m->new_call[k].value, texts, m->old_proto.nr_params, 1,
		      &value);
	param_display(&m->new_proto.params[k], decl, sizeof(decl));
	add_step(out, "pass '%s' as argument %zu (%s)", value.buf, k + 1, decl);
	strbuf_release(&value);
	free(texts);
}

void describe_conversion(const struct rule_call *rc, struct strbuf *out)
{
	const struct migration *m = rc->m;
	const struct call_analysis *call = rc->call;
	char text[96], other[96], decl[128];
	size_t k;
	int a = 0, b = 0;

	if (migration_renames(m))
		add_step(out, "call %s() instead", m->new_function);
	for (k = 0; k < m->old_proto.nr_params; k++)
		if (migration_arg_removed(m, (int)k + 1))
			add_step(out, "remove argument %zu '%s' (%s)", k + 1,
				 shown(call, (int)k + 1, text, sizeof(text)),
				 m->old_proto.params[k].name);
	if (moved(m, &a, &b) == 2)
		add_step(out, "exchange arguments %d '%s' and %d '%s'", a,
			 shown(call, a, text, sizeof(text)), b,
			 shown(call, b, other, sizeof(other)));
	else if (a)
		add_step(out, "pass the arguments in the new prototype's "
			      "order");
	for (k = 0; k < m->new_call_nr; k++) {
		const struct call_item *it = &m->new_call[k];
		const struct call_item *prev = k ? &m->new_call[k - 1] : NULL;

		if (it->kind == CALL_ITEM_EXPR)
			add_expr_step(rc, k, out);
		if (it->kind != CALL_ITEM_VALUE)
			continue;
		param_display(&m->new_proto.params[k], decl, sizeof(decl));
		if (prev && prev->kind == CALL_ITEM_ARG &&
		    call_arg(call, prev->arg))
			add_step(out,
				 "insert '%s' as argument %zu (%s) after "
				 "'%s'",
				 it->value, k + 1, decl,
				 shown(call, prev->arg, text, sizeof(text)));
		else
			add_step(out, "insert '%s' as argument %zu (%s)",
				 it->value, k + 1, decl);
	}
}

void describe_reversal(const struct rule_call *rc, struct strbuf *out)
{
	const struct migration *m = rc->m;
	const struct call_analysis *call = rc->call;
	char text[96], other[96];
	size_t k;
	int a = 0, b = 0;

	if (migration_renames(m))
		add_step(out, "call %s() instead", m->function);
	for (k = 0; k < m->new_call_nr; k++)
		if (m->new_call[k].kind == CALL_ITEM_VALUE)
			add_step(out, "remove argument %zu '%s'", k + 1,
				 shown(call, (int)k + 1, text, sizeof(text)));
	if (moved(m, &a, &b) == 2)
		add_step(out, "exchange arguments %d '%s' and %d '%s'",
			 m->old_to_new[a - 1],
			 shown(call, m->old_to_new[a - 1], text, sizeof(text)),
			 m->old_to_new[b - 1],
			 shown(call, m->old_to_new[b - 1], other,
			       sizeof(other)));
	else if (a)
		add_step(out, "pass the arguments in the old prototype's "
			      "order");
	for (k = 0; k < m->old_proto.nr_params; k++)
		if (!m->old_to_new[k])
			add_step(out, "pass the %s again as argument %zu",
				 m->old_proto.params[k].name, k + 1);
}

int arg_type_unknown(const struct call_analysis *call,
		     const struct call_argument *arg)
{
	return call->seen_by_libclang && arg->type_source != TYPE_FROM_LIBCLANG;
}

/* arg does not fit param: its type is known and is of another kind */
static int misfits(const struct call_analysis *call,
		   const struct call_argument *arg,
		   const struct migration_param *param)
{
	if (arg_type_unknown(call, arg))
		return 0;
	return type_spelling_fits(param->type, arg_judged_type(arg),
				  arg_is_null_constant(arg)) == 0;
}

size_t first_misfit(const struct call_analysis *call,
		    const struct migration_prototype *proto)
{
	size_t i;

	for (i = 0; i < proto->nr_params && i < call->nr_args; i++)
		if (misfits(call, &call->args[i], &proto->params[i]))
			return i + 1;
	return 0;
}

/* a value inserted where the old call already passes that text */
static int inserts_twice(const struct rule_call *rc, size_t k,
			 struct strbuf *why)
{
	const struct call_item *it = &rc->m->new_call[k];
	const struct call_argument *there = call_arg(rc->call, (int)k + 1);

	if (it->kind != CALL_ITEM_VALUE || !there || !there->text ||
	    strcmp(there->text, it->value))
		return 0;
	if (why)
		strbuf_addf(why, "it already passes '%s' as argument %zu",
			    it->value, k + 1);
	return 1;
}

/* an argument with a side effect the new call would evaluate twice */
static int evaluates_twice(const struct rule_call *rc, struct strbuf *why)
{
	const struct migration *m = rc->m;
	char text[96];
	size_t k;

	for (k = 0; k < m->old_proto.nr_params; k++) {
		const struct call_argument *arg =
			call_arg(rc->call, (int)k + 1);

		if (!arg || !arg->text ||
		    migration_arg_uses(m, (int)k + 1) < 2 ||
		    !map_expr_side_effect(arg->text))
			continue;
		if (why)
			strbuf_addf(why,
				    "argument %zu '%s' would be evaluated "
				    "twice",
				    k + 1,
				    arg_display(arg, text, sizeof(text)));
		return 1;
	}
	return 0;
}

int conversion_is_valid(const struct rule_call *rc, struct strbuf *why)
{
	const struct migration *m = rc->m;
	char text[96], decl[128];
	size_t k;

	if (evaluates_twice(rc, why))
		return 0;
	for (k = 0; k < m->new_call_nr; k++) {
		const struct call_item *it = &m->new_call[k];
		const struct call_argument *arg;

		if (inserts_twice(rc, k, why))
			return 0;
		if (it->kind != CALL_ITEM_ARG || k >= m->new_proto.nr_params)
			continue;
		arg = call_arg(rc->call, it->arg);
		if (!arg)
			continue;
		if (!misfits(rc->call, arg, &m->new_proto.params[k]))
			continue;
		if (why)
			strbuf_addf(why,
				    "'%s' (a %s) would be argument %zu (%s)",
				    arg_display(arg, text, sizeof(text)),
				    arg->type, k + 1,
				    param_display(&m->new_proto.params[k], decl,
						  sizeof(decl)));
		return 0;
	}
	return 1;
}

struct finding *call_finding(struct findings *findings,
			     const struct rule_call *rc,
			     const struct rule *rule, const char *fmt, ...)
{
	const struct call_analysis *call = rc->call;
	struct strbuf message = STRBUF_INIT;
	struct finding *f;
	va_list ap;

	va_start(ap, fmt);
	f = finding_addv(findings, rule->name, rule->severity,
			 call->site->file ? call->site->file : rc->file->path,
			 (unsigned int)call->site->line,
			 (unsigned int)call->site->column, fmt, ap);
	va_end(ap);
	finding_set_call(f, call->site->text);
	if (rc->extra && rc->extra->verdict.outcome != VERDICT_UNKNOWN) {
		model_verdict_line(&message, &rc->extra->verdict);
		finding_set_sysfs(f, message.buf);
	}
	strbuf_release(&message);
	return f;
}

void site_findings(const struct scan_result *scan, const struct migration *m,
		   struct findings *findings, const struct rule *rule,
		   int (*pick)(const struct call_site *cs), const char *what,
		   void (*detail)(struct strbuf *why,
				  const struct call_site *cs,
				  const struct migration *m))
{
	struct strbuf why = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < scan->nr_files; i++)
		for (j = 0; j < scan->files[i].nr_sites; j++) {
			const struct call_site *cs = &scan->files[i].sites[j];
			struct finding *f;

			if (!cs->standalone || !pick(cs))
				continue;
			f = finding_add(findings, rule->name, rule->severity,
					cs->file, (unsigned int)cs->line,
					(unsigned int)cs->column, "'%s' %s",
					cs->local_name, what);
			finding_set_call(f, cs->text);
			strbuf_reset(&why);
			detail(&why, cs, m);
			finding_set_detail(f, "%s", why.buf);
		}
	strbuf_release(&why);
}
