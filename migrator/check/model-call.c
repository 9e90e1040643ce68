/*
 * model-call.c - mapping one call onto the driver-core model (see
 * model-call.h; the runs are in model-run.c).
 *
 * Mapping reads only the call's analysis (types, null-ness, literals,
 * the names a class variable is created with that decl-lookup found),
 * the migration's kernel-types (roles, zero macros) and, for class
 * variables created in another file, one parallel pass over the tree's
 * sources.  Each run builds its own model on the calling thread and
 * frees it at once: nothing is shared, so a verdict never depends on
 * another call.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "clang-analysis.h"
#include "decl-lookup.h"
#include "entry.h"
#include "family.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "model-call.h"
#include "model.h"
#include "parallel.h"
#include "result-cache.h"
#include "scan.h"
#include "tree-api.h"
#include "tree-overlay.h"
#include "tree-walk.h"
#include "util.h"

/* the last identifier outside brackets and literals, or NULL */
static char *last_top_ident(const char *expr)
{
	const char *p = expr ? expr : "", *start = NULL, *end = NULL;
	int depth = 0;

	while (*p) {
		if (*p == '"' || *p == '\'') {
			char quote = *p++;

			while (*p && *p != quote)
				p += (*p == '\\' && p[1]) ? 2 : 1;
			if (*p)
				p++;
		} else if (*p >= '0' && *p <= '9') {
			while (is_c_ident_char(*p) || *p == '.')
				p++;
		} else if (is_c_ident_char(*p)) {
			const char *s = p;

			while (is_c_ident_char(*p))
				p++;
			if (!depth) {
				start = s;
				end = p;
			}
		} else {
			if (*p == '(' || *p == '[' || *p == '{')
				depth++;
			else if ((*p == ')' || *p == ']' || *p == '}') && depth)
				depth--;
			p++;
		}
	}
	return start ? xstrndup(start, (size_t)(end - start)) : NULL;
}

char *model_placeholder(const char *expr)
{
	char *ident = last_top_ident(expr);
	char *placeholder = xstrfmt("<%s>", ident ? ident : "...");

	free(ident);
	return placeholder;
}

/* the text with each run of blanks made one space, or none at the edges */
static char *one_line(const char *text)
{
	struct strbuf sb = STRBUF_INIT;

	if (text)
		strbuf_add_squeezed(&sb, text, strlen(text));
	strbuf_rtrim(&sb);
	return strbuf_detach(&sb, NULL);
}

/* "0", "0x0", "0UL", "(dev_t)0", a zero macro of kd: a constant zero */
int model_text_is_zero(const char *text, const struct kernel_data *kd)
{
	struct strbuf sb = STRBUF_INIT;
	const struct kernel_macro *mc;
	const char *p, *close;
	char *end;
	int zero;

	for (p = text ? text : ""; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			strbuf_addch(&sb, *p);
	p = sb.buf;
	close = strchr(p, ')');
	if (*p == '(' && close && close[1] &&
	    strspn(p + 1, "abcdefghijklmnopqrstuvwxyz_0123456789") ==
		    (size_t)(close - p - 1))
		p = close + 1; /* a cast: "(dev_t)0" */
	mc = kernel_macro_match(kd, p, strlen(p));
	if ((mc && mc->zero) || !strcmp(p, "(0)")) {
		strbuf_release(&sb);
		return 1;
	}
	zero = *p >= '0' && *p <= '9' && !strtoul(p, &end, 0) &&
	       strspn(end, "uUlL") == strlen(end);
	strbuf_release(&sb);
	return zero;
}

/* the model's kinds of pointers, by the role kernel-types gives a type */
static const struct {
	const char *role;
	enum model_kind kind;
	enum model_role param;
} role_kinds[] = {
	{ "class", MODEL_CLASS, ROLE_CLASS },
	{ "class-device", MODEL_CLASS_DEVICE, ROLE_PARENT },
	{ "device", MODEL_DEVICE, ROLE_DEVICE },
	{ "module", MODEL_MODULE, ROLE_OWNER },
	{ "opaque", MODEL_OTHER, ROLE_DRVDATA },
};

static enum model_kind kind_of_type(const char *type,
				    const struct kernel_data *kd)
{
	const char *role = kernel_type_role(kd, type);
	struct type_class tc;
	size_t i;

	if (!type)
		return MODEL_UNKNOWN;
	type_classify(type, &tc);
	if (type_is_string(&tc))
		return MODEL_STRING;
	for (i = 0; role && i < ARRAY_SIZE(role_kinds); i++)
		if (!strcmp(role, role_kinds[i].role))
			return role_kinds[i].kind;
	if (tc.pointers || tc.kind == TYPE_FUNCTION)
		return MODEL_OTHER;
	if (tc.kind == TYPE_INTEGER)
		return MODEL_INTEGER;
	return MODEL_UNKNOWN;
}

enum model_role model_param_role(const struct migration_param *param,
				 const struct kernel_data *kd)
{
	const char *role = kernel_type_role(kd, param->type);
	struct type_class tc;
	size_t i;

	for (i = 0; role && i < ARRAY_SIZE(role_kinds); i++)
		if (!strcmp(role, role_kinds[i].role))
			return role_kinds[i].param;
	type_classify(param->type, &tc);
	if (type_is_string(&tc))
		return ROLE_NAME;
	if (!type_is_pointer(&tc) && tc.kind == TYPE_INTEGER)
		return ROLE_DEVT;
	return ROLE_NONE;
}

/*
 * the class name: class_create()'s in the file, in the tree, else the
 * variable's name
 */
static void name_class(struct model_arg *ma, const struct call_argument *arg,
		       const struct strlist *classes)
{
	char *var = last_top_ident(arg->text);
	long i;

	if (arg->created_as) {
		ma->name = xstrdup(arg->created_as);
		ma->class_created = 1;
	} else if (var && classes && (i = strlist_find(classes, var)) >= 0 &&
		   classes->items[i].util) {
		ma->name = xstrdup(classes->items[i].util);
		ma->class_created = 1;
	} else {
		ma->name = xstrdup(var ? var : "<class>");
	}
	free(var);
}

static void map_arg(struct model_arg *ma, const struct call_argument *arg,
		    const struct strlist *classes, const struct kernel_data *kd)
{
	const char *text = arg->text ? arg->text : "";

	ma->text = one_line(text);
	ma->ident = model_placeholder(text);
	ma->zero = model_text_is_zero(text, kd);
	if (arg->is_null) {
		ma->kind = MODEL_NULL;
		return;
	}
	if (arg->is_literal && arg->literal) {
		ma->kind = MODEL_STRING;
		ma->literal = xstrdup(arg->literal);
		return;
	}
	ma->kind =
		kind_of_type(arg->canonical ? arg->canonical : arg->type, kd);
	if (ma->kind == MODEL_UNKNOWN || ma->kind == MODEL_OTHER) {
		enum model_kind written = kind_of_type(arg->type, kd);

		if (written != MODEL_UNKNOWN)
			ma->kind = written;
	}
	/* an argument of unknown type in the class slot is the class */
	if (ma->kind == MODEL_CLASS || ma->kind == MODEL_UNKNOWN)
		name_class(ma, arg, classes);
	ma->maybe_null = *text != '&';
}

/* the prototype of the call's form: the tree's for an ambiguous one */
static const struct migration_prototype *
form_prototype(const struct call_analysis *call)
{
	const struct migration *m = call->migration;

	if (call->form == CALL_SITE_OLD)
		return &m->old_proto;
	if (call->form == CALL_SITE_NEW)
		return &m->new_proto;
	return tree_api_prototype(call->api, m);
}

void model_call_map(struct model_call *mc, const struct call_analysis *call,
		    const struct strlist *classes)
{
	const struct migration *m = call->migration;
	const struct migration_prototype *proto = form_prototype(call);
	size_t i;

	memset(mc, 0, sizeof(*mc));
	mc->migration = m;
	mc->entry = m->model;
	mc->old_form = proto == &m->old_proto;
	mc->nr_params = proto->nr_params;
	mc->roles = xcalloc(mc->nr_params + 1, sizeof(*mc->roles));
	for (i = 0; i < mc->nr_params; i++)
		mc->roles[i] =
			proto->format == (int)i + 1 ?
				ROLE_FORMAT :
				model_param_role(&proto->params[i], &m->kernel);
	mc->nr_args = call->nr_args;
	mc->args = xcalloc(mc->nr_args + 1, sizeof(*mc->args));
	for (i = 0; i < mc->nr_args; i++)
		map_arg(&mc->args[i], &call->args[i], classes, &m->kernel);
}

void model_call_release(struct model_call *mc)
{
	size_t i;

	for (i = 0; i < mc->nr_args; i++) {
		free(mc->args[i].text);
		free(mc->args[i].name);
		free(mc->args[i].literal);
		free(mc->args[i].ident);
	}
	free(mc->args);
	free(mc->roles);
	memset(mc, 0, sizeof(*mc));
}

/* --- the name pattern ---------------------------------------------------- */

/* one conversion at *p (after '%'): how many arguments it takes; *conv */
static int conversion(const char **p, char *conv)
{
	const char *s = *p;
	int takes = 0;

	s += strspn(s, "-+ #0");
	if (*s == '*')
		takes++, s++;
	s += strspn(s, "0123456789");
	if (*s == '.') {
		s++;
		if (*s == '*')
			takes++, s++;
		s += strspn(s, "0123456789");
	}
	s += strspn(s, "hlLqjzZt");
	*conv = *s;
	if (*s)
		s++;
	*p = s;
	return takes + (*conv != '%');
}

void model_name_pattern(struct strbuf *out, const struct model_arg *format,
			const struct model_arg *args, size_t nr_args)
{
	const char *p;
	size_t next = 0;

	if (!format->literal) {
		strbuf_addstr(out, format->ident);
		return;
	}
	for (p = format->literal; *p;) {
		const struct model_arg *arg = NULL;
		char conv;
		int takes;

		if (*p != '%') {
			strbuf_addch(out, *p++);
			continue;
		}
		p++;
		takes = conversion(&p, &conv);
		if (conv == '%') {
			strbuf_addch(out, '%');
			continue;
		}
		while (takes-- > 0)
			arg = next < nr_args ? &args[next++] : NULL;
		if (arg && conv == 's' && arg->literal)
			strbuf_addstr(out, arg->literal);
		else
			strbuf_addstr(out, arg ? arg->ident : "<...>");
	}
}

/* --- class names from the tree -------------------------------------------- */

struct class_lookup {
	const char *tree;
	const struct tree_overlay *overlay;
	const struct tree_walk *walk;
	const struct strlist *vars;
	char ***found; /* [file][var]: the name, or NULL */
};

static void lookup_one(size_t index, void *cb)
{
	struct class_lookup *lk = cb;
	struct token_list tokens = TOKEN_LIST_INIT;
	struct strbuf text = STRBUF_INIT;
	const char *path = lk->walk->files[index].path;
	size_t i, len = strlen(path);

	if (len < 2 || strcmp(path + len - 2, ".c") ||
	    tree_overlay_read(lk->overlay, lk->tree, path, &text) < 0)
		goto out_free;
	for (i = 0; i < lk->vars->nr; i++) {
		const char *var = lk->vars->items[i].string;
		struct source_text src = { text.buf, text.len, &tokens, NULL,
					   NULL };

		if (!scan_mentions(text.buf, text.len, var))
			continue;
		if (!tokens.nr)
			lex_buffer(text.buf, text.len, &tokens);
		if (!lk->found[index])
			lk->found[index] =
				xcalloc(lk->vars->nr, sizeof(char *));
		lk->found[index][i] = decl_created_name(&src, var);
	}
	token_list_release(&tokens);
out_free:
	strbuf_release(&text);
}

void model_class_names_lookup(struct strlist *vars, const char *tree,
			      const struct tree_overlay *overlay, int jobs)
{
	struct tree_walk walk = TREE_WALK_INIT;
	struct class_lookup lk;
	size_t i, j;

	if (!vars->nr || tree_walk(&walk, tree) < 0)
		goto out_release;
	lk.tree = tree;
	lk.overlay = overlay;
	lk.walk = &walk;
	lk.vars = vars;
	lk.found = xcalloc(walk.nr_files + 1, sizeof(*lk.found));
	run_tasks_parallel(jobs, walk.nr_files, lookup_one, &lk);
	for (i = 0; i < walk.nr_files; i++) {
		for (j = 0; lk.found[i] && j < vars->nr; j++) {
			if (!vars->items[j].util)
				vars->items[j].util = lk.found[i][j];
			else
				free(lk.found[i][j]);
		}
		free(lk.found[i]);
	}
	free(lk.found);
out_release:
	tree_walk_release(&walk);
}

/*
 * The cache's entry: "names N", then a line for each variable, "+NAME"
 * or "-" (none found); a name with a line break in it is not kept
 */
static void class_names_key(struct result_key *key, const struct strlist *vars,
			    const unsigned char *state)
{
	size_t i;

	result_key_init(key, "class-names");
	result_key_add(key, state, SHA256_LEN);
	for (i = 0; i < vars->nr; i++)
		result_key_addstr(key, vars->items[i].string);
}

static int class_names_read(struct strlist *vars, const char *text)
{
	const char *p = text, *nl;
	char *end;
	unsigned long nr;
	size_t i;

	if (strncmp(p, "names ", 6))
		return -1;
	nr = strtoul(p + 6, &end, 10);
	if (*end != '\n' || nr != vars->nr)
		return -1;
	for (p = end + 1, i = 0; i < nr; i++, p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl || (*p != '+' && (*p != '-' || nl != p + 1)))
			return -1;
	}
	if (*p)
		return -1;
	for (p = end + 1, i = 0; i < nr; i++, p = nl + 1) {
		nl = strchr(p, '\n');
		if (*p == '+')
			vars->items[i].util = xstrndup(p + 1, nl - p - 1);
	}
	return 0;
}

static void class_names_write(const struct strlist *vars, struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "names %zu\n", vars->nr);
	for (i = 0; i < vars->nr; i++) {
		const char *name = vars->items[i].util;

		if (name && strchr(name, '\n')) {
			strbuf_reset(out);
			return;
		}
		strbuf_addf(out, "%s%s\n", name ? "+" : "-", name ? name : "");
	}
}

void model_class_names_find(struct strlist *vars, const char *tree,
			    const struct tree_overlay *overlay, int jobs,
			    const unsigned char *state)
{
	struct strbuf entry = STRBUF_INIT;
	struct result_key key;

	if (!vars->nr)
		return;
	if (state) {
		class_names_key(&key, vars, state);
		if (result_cache_get(&key, &entry) == 1 &&
		    !class_names_read(vars, entry.buf)) {
			strbuf_release(&entry);
			return;
		}
		strbuf_reset(&entry);
	}
	model_class_names_lookup(vars, tree, overlay, jobs);
	if (state) {
		class_names_write(vars, &entry);
		if (entry.len)
			result_cache_put(&key, entry.buf, entry.len);
	}
	strbuf_release(&entry);
}

/* --- class variables to look up in the tree ------------------------------ */

int model_call_runs(const struct migration *m)
{
	size_t i;

	for (i = 0; i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		if (v->model && km_entry_find(v->model))
			return 1;
	}
	return 0;
}

void model_call_unnamed_classes(const struct model_call *mc,
				struct strlist *vars)
{
	size_t i;

	/* no entry point: the call is not run, no class name is read */
	if (!mc->entry || !km_entry_find(mc->entry))
		return;
	for (i = 0; i < mc->nr_args; i++) {
		const struct model_arg *a = &mc->args[i];
		char *var;

		if (!a->name || a->class_created)
			continue;
		var = last_top_ident(a->text);
		if (var && strlist_find(vars, var) < 0)
			strlist_push(vars, var);
		free(var);
	}
}
