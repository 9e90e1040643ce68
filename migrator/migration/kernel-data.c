/*
 * kernel-data.c - reading semantic-patches/kernel-types and the lookups
 * (see kernel-data.h).
 *
 * The file is "key: value" fields (fields.h); the keys "role", "macro",
 * "member", "attribute", "config" and "include" may repeat, any other
 * key is an error.
 * Names, macro arguments and types go into the generated semantic
 * patch, so each is checked for what it is (migration-validate.h): a
 * value is one line, a name a C identifier (a role a word), arguments
 * one C expression, a type words and '*'; a config's value is digits and
 * an include's header a relative path of plain names, for they go into
 * the header check writes for libclang.  Lookups are linear: the
 * tables hold a few dozen rows.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "util.h"

static char *normalised(const char *type, size_t len)
{
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;

	strbuf_add(&in, type, len);
	type_normalise_text(&out, in.buf);
	strbuf_release(&in);
	return strbuf_detach(&out, NULL);
}

/* the name and the type of "NAME TYPE...": 0, or -1 with the reason */
static int name_and_type(const char *value,
			 int (*valid)(const char *, struct strbuf *),
			 char **name, const char **type, struct strbuf *why)
{
	size_t n = strcspn(value, " ");

	*type = value + n + strspn(value + n, " ");
	if (!n || !**type) {
		strbuf_addstr(why, "expected 'NAME TYPE'");
		return -1;
	}
	*name = xstrndup(value, n);
	if (valid(*name, why) < 0) {
		free(*name);
		return -1;
	}
	return 0;
}

/* "ROLE TYPE..." */
static int add_role(struct kernel_data *kd, const char *value,
		    struct strbuf *why)
{
	const char *type;
	struct kernel_role *r;
	char *role;

	if (name_and_type(value, validate_word, &role, &type, why) < 0)
		return -1;
	if (validate_c_type(type, why) < 0) {
		free(role);
		return -1;
	}
	ALLOC_GROW(kd->roles, kd->nr_roles + 1, kd->alloc_roles);
	r = &kd->roles[kd->nr_roles++];
	r->role = role;
	r->type = normalised(type, strlen(type));
	return 0;
}

static char *squeezed(const char *text, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	lex_squeeze(&sb, text, len);
	return strbuf_detach(&sb, NULL);
}

/* the name and arguments of "NAME", "NAME(...)" or "NAME(ARGS)" */
static int macro_spelling(struct kernel_macro *mc, const char *value, size_t n,
			  struct strbuf *why)
{
	const char *open = memchr(value, '(', n);
	char *args;
	int ret;

	if ((open && value[n - 1] != ')') || open == value) {
		strbuf_addstr(why, "expected 'NAME', 'NAME(...)' or "
				   "'NAME(ARGUMENTS)'");
		return -1;
	}
	mc->name = xstrndup(value, open ? (size_t)(open - value) : n);
	mc->function_like = open != NULL;
	if (validate_identifier(mc->name, why) < 0)
		return -1;
	if (!open || (value + n - open == 5 && !strncmp(open, "(...)", 5)))
		return 0;
	args = xstrndup(open + 1, (size_t)(value + n - 1 - open - 1));
	ret = validate_c_expression(args, why);
	if (!ret)
		mc->args = squeezed(args, strlen(args));
	free(args);
	return ret;
}

/* "NAME TYPE... [zero|null]" or "NAME(...) ..." or "NAME(ARGS) ..." */
static int add_macro(struct kernel_data *kd, const char *value,
		     struct strbuf *why)
{
	size_t n = strcspn(value, " "), len;
	const char *type = value + n + strspn(value + n, " "), *flag;
	struct kernel_macro mc;
	char *spelled;

	memset(&mc, 0, sizeof(mc));
	if (!n || !*type) {
		strbuf_addstr(why, "expected 'NAME TYPE'");
		return -1;
	}
	if (macro_spelling(&mc, value, n, why) < 0)
		goto out_free_macro;
	len = strlen(type);
	flag = type + len;
	while (flag > type && flag[-1] != ' ')
		flag--;
	if (!strcmp(flag, "zero") || !strcmp(flag, "null")) {
		mc.zero = !strcmp(flag, "zero");
		mc.null = !strcmp(flag, "null");
		len = (size_t)(flag - type);
	}
	spelled = xstrndup(type, len);
	if (validate_c_type(spelled, why) < 0) {
		free(spelled);
		goto out_free_macro;
	}
	mc.type = normalised(spelled, len);
	free(spelled);
	if (!*mc.type) {
		strbuf_addstr(why, "no type");
		goto out_free_macro;
	}
	ALLOC_GROW(kd->macros, kd->nr_macros + 1, kd->alloc_macros);
	kd->macros[kd->nr_macros++] = mc;
	return 0;
out_free_macro:
	free(mc.name);
	free(mc.args);
	free(mc.type);
	return -1;
}

/* "NAME TYPE..." */
static int add_member(struct kernel_data *kd, const char *value,
		      struct strbuf *why)
{
	const char *type;
	struct kernel_member *mb;
	char *name;

	if (name_and_type(value, validate_identifier, &name, &type, why) < 0)
		return -1;
	if (validate_c_type(type, why) < 0) {
		free(name);
		return -1;
	}
	ALLOC_GROW(kd->members, kd->nr_members + 1, kd->alloc_members);
	mb = &kd->members[kd->nr_members++];
	mb->name = name;
	mb->type = normalised(type, strlen(type));
	return 0;
}

/* "NAME" or "NAME(...)" */
static int add_attribute(struct kernel_data *kd, const char *value,
			 struct strbuf *why)
{
	size_t n = strcspn(value, "(");
	struct kernel_attribute *at;
	char *name = xstrndup(value, n);

	if (value[n] && strcmp(value + n, "(...)")) {
		strbuf_addstr(why, "expected 'NAME' or 'NAME(...)'");
		free(name);
		return -1;
	}
	if (validate_identifier(name, why) < 0) {
		free(name);
		return -1;
	}
	ALLOC_GROW(kd->attributes, kd->nr_attributes + 1, kd->alloc_attributes);
	at = &kd->attributes[kd->nr_attributes++];
	at->name = name;
	at->function_like = !!value[n];
	return 0;
}

/* "MACHINE NAME VALUE": a machine as uname -m says it, a decimal value */
static int add_config(struct kernel_data *kd, const char *value,
		      struct strbuf *why)
{
	struct kernel_config cf = { NULL, NULL, NULL };
	size_t n[3], i;
	const char *p = value;
	char **word[3] = { &cf.machine, &cf.name, &cf.value };

	for (i = 0; i < 3; i++) {
		n[i] = strcspn(p, " ");
		*word[i] = xstrndup(p, n[i]);
		p += n[i];
		p += strspn(p, " ");
	}
	if (!n[0] || !n[1] || !n[2] || *p)
		strbuf_addstr(why, "expected 'MACHINE NAME VALUE'");
	else if (strspn(cf.machine, "abcdefghijklmnopqrstuvwxyz0123456789_") !=
		 n[0])
		strbuf_addf(why, "'%s' is no machine name", cf.machine);
	else if (strspn(cf.value, "0123456789") != n[2])
		strbuf_addf(why, "'%s' is not a decimal number", cf.value);
	else if (!validate_identifier(cf.name, why)) {
		ALLOC_GROW(kd->configs, kd->nr_configs + 1, kd->alloc_configs);
		kd->configs[kd->nr_configs++] = cf;
		return 0;
	}
	for (i = 0; i < 3; i++)
		free(*word[i]);
	return -1;
}

/* "DIR/NAME.h": names of letters, digits, '_', '-' and '.', no ".." */
static int add_include(struct kernel_data *kd, const char *value,
		       struct strbuf *why)
{
	size_t n = strlen(value), i;

	for (i = 0; i < n; i++)
		if (!is_c_ident_char(value[i]) && !strchr("-./", value[i]))
			break;
	if (i < n || n < 3 || strcmp(value + n - 2, ".h") || value[0] == '/' ||
	    value[0] == '.' || strstr(value, "/.") || strstr(value, "//")) {
		strbuf_addstr(why, "expected a header 'DIR/NAME.h' of plain "
				   "names");
		return -1;
	}
	ALLOC_GROW(kd->includes, kd->nr_includes + 1, kd->alloc_includes);
	kd->includes[kd->nr_includes++] = xstrdup(value);
	return 0;
}

int kernel_data_parse(struct kernel_data *kd, const char *text,
		      const char *path)
{
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	struct strbuf why = STRBUF_INIT;
	struct field_reader fr;
	int got, ret = 0;

	field_reader_init(&fr, text);
	while ((got = field_next(&fr, &key, &value)) > 0) {
		if (validate_one_line(value.buf, &why) < 0)
			ret = -1;
		else if (!strcmp(key.buf, "role"))
			ret = add_role(kd, value.buf, &why);
		else if (!strcmp(key.buf, "macro"))
			ret = add_macro(kd, value.buf, &why);
		else if (!strcmp(key.buf, "member"))
			ret = add_member(kd, value.buf, &why);
		else if (!strcmp(key.buf, "attribute"))
			ret = add_attribute(kd, value.buf, &why);
		else if (!strcmp(key.buf, "config"))
			ret = add_config(kd, value.buf, &why);
		else if (!strcmp(key.buf, "include"))
			ret = add_include(kd, value.buf, &why);
		else
			ret = -1;
		if (ret < 0) {
			ret = error("%s:%d: bad field '%s'%s%s", path,
				    fr.key_line, key.buf, why.len ? ": " : "",
				    why.buf);
			break;
		}
	}
	if (got < 0)
		ret = error("%s:%d: expected 'key: value'", path, fr.lineno);
	strbuf_release(&key);
	strbuf_release(&value);
	strbuf_release(&why);
	return ret;
}

int kernel_data_load(struct kernel_data *kd)
{
	struct strbuf text = STRBUF_INIT;
	char *path =
		xstrfmt("%s/%s", km_semantic_patches_dir(), KERNEL_DATA_FILE);
	int ret;

	if (strbuf_read_file(&text, path) < 0)
		ret = error("cannot read the kernel's types: %s (looked in "
			    "'%s')",
			    strerror(errno), path);
	else
		ret = kernel_data_parse(kd, text.buf, path);
	strbuf_release(&text);
	free(path);
	return ret;
}

void kernel_data_release(struct kernel_data *kd)
{
	size_t i;

	for (i = 0; i < kd->nr_roles; i++) {
		free(kd->roles[i].role);
		free(kd->roles[i].type);
	}
	for (i = 0; i < kd->nr_macros; i++) {
		free(kd->macros[i].name);
		free(kd->macros[i].args);
		free(kd->macros[i].type);
	}
	for (i = 0; i < kd->nr_members; i++) {
		free(kd->members[i].name);
		free(kd->members[i].type);
	}
	for (i = 0; i < kd->nr_attributes; i++)
		free(kd->attributes[i].name);
	for (i = 0; i < kd->nr_configs; i++) {
		free(kd->configs[i].machine);
		free(kd->configs[i].name);
		free(kd->configs[i].value);
	}
	for (i = 0; i < kd->nr_includes; i++)
		free(kd->includes[i]);
	free(kd->attributes);
	free(kd->configs);
	free(kd->includes);
	free(kd->roles);
	free(kd->macros);
	free(kd->members);
	memset(kd, 0, sizeof(*kd));
}

const char *kernel_type_role(const struct kernel_data *kd, const char *type)
{
	char *norm;
	size_t i;

	if (!kd || !type)
		return NULL;
	norm = normalised(type, strlen(type));
	for (i = 0; i < kd->nr_roles; i++)
		if (!strcmp(kd->roles[i].type, norm)) {
			free(norm);
			return kd->roles[i].role;
		}
	free(norm);
	return NULL;
}

const char *kernel_role_type(const struct kernel_data *kd, const char *role)
{
	size_t i;

	for (i = 0; kd && role && i < kd->nr_roles; i++)
		if (!strcmp(kd->roles[i].role, role))
			return kd->roles[i].type;
	return NULL;
}

const struct kernel_attribute *
kernel_attribute_named(const struct kernel_data *kd, const char *name)
{
	size_t i;

	for (i = 0; kd && i < kd->nr_attributes; i++)
		if (!strcmp(kd->attributes[i].name, name))
			return &kd->attributes[i];
	return NULL;
}

const struct kernel_macro *kernel_macro_named(const struct kernel_data *kd,
					      const char *name)
{
	size_t i;

	for (i = 0; kd && i < kd->nr_macros; i++)
		if (!strcmp(kd->macros[i].name, name) && !kd->macros[i].args)
			return &kd->macros[i];
	return NULL;
}

/* the index of the ')' closing the '(' at sig[open], or nr */
static size_t closing(const char *text, const struct token_list *tl,
		      const size_t *sig, size_t nr, size_t open)
{
	size_t i;
	int depth = 0;

	for (i = open; i < nr; i++) {
		const struct token *t = &tl->tokens[sig[i]];

		if (token_is(text, t, "("))
			depth++;
		else if (token_is(text, t, ")") && !--depth)
			return i;
	}
	return nr;
}

static const struct kernel_macro *match_tokens(const struct kernel_data *kd,
					       const char *text,
					       const struct token_list *tl,
					       const size_t *sig, size_t nr)
{
	const struct kernel_macro *any = NULL;
	const struct token *name;
	struct strbuf args = STRBUF_INIT;
	size_t i;

	if (!nr || tl->tokens[sig[0]].type != TOKEN_IDENT)
		return NULL;
	name = &tl->tokens[sig[0]];
	if (nr > 1 && (!token_is(text, &tl->tokens[sig[1]], "(") ||
		       closing(text, tl, sig, nr, 1) != nr - 1))
		return NULL;
	if (nr > 1)
		lex_squeeze(&args, text + tl->tokens[sig[1]].end,
			    tl->tokens[sig[nr - 1]].start -
				    tl->tokens[sig[1]].end);
	for (i = 0; i < kd->nr_macros; i++) {
		const struct kernel_macro *mc = &kd->macros[i];

		if (!token_is(text, name, mc->name) ||
		    mc->function_like != (nr > 1))
			continue;
		if (mc->args && !strcmp(mc->args, args.buf)) {
			any = mc;
			break;
		}
		if (!mc->args && !any)
			any = mc;
	}
	strbuf_release(&args);
	return any;
}

const struct kernel_macro *kernel_macro_match(const struct kernel_data *kd,
					      const char *text, size_t len)
{
	struct token_list tl = TOKEN_LIST_INIT;
	const struct kernel_macro *mc = NULL;
	size_t *sig, nr = 0, i;

	if (!kd)
		return NULL;
	lex_buffer(text, len, &tl);
	sig = xcalloc(tl.nr + 1, sizeof(*sig));
	for (i = 0; i < tl.nr; i++)
		if (tl.tokens[i].type != TOKEN_COMMENT)
			sig[nr++] = i;
	mc = match_tokens(kd, text, &tl, sig, nr);
	free(sig);
	token_list_release(&tl);
	return mc;
}

const char *kernel_member_type(const struct kernel_data *kd, const char *name)
{
	size_t i;

	for (i = 0; kd && i < kd->nr_members; i++)
		if (!strcmp(kd->members[i].name, name))
			return kd->members[i].type;
	return NULL;
}
