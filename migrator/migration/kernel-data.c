/*
 * kernel-data.c - reading semantic-patches/kernel-types and the lookups
 * (see kernel-data.h).
 *
 * The file is "key: value" fields (fields.h); the keys "role", "macro"
 * and "member" may repeat, any other key is an error.  Lookups are
 * linear: the tables hold a few dozen rows.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
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

/* "ROLE TYPE..." */
static int add_role(struct kernel_data *kd, const char *value)
{
	size_t n = strcspn(value, " \t");
	const char *type = value + n + strspn(value + n, " \t");
	struct kernel_role *r;

	if (!n || !*type)
		return -1;
	ALLOC_GROW(kd->roles, kd->nr_roles + 1, kd->alloc_roles);
	r = &kd->roles[kd->nr_roles++];
	r->role = xstrndup(value, n);
	r->type = normalised(type, strlen(type));
	return 0;
}

static char *squeezed(const char *text, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	lex_squeeze(&sb, text, len);
	return strbuf_detach(&sb, NULL);
}

/* "NAME TYPE... [zero|null]" or "NAME(...) ..." or "NAME(ARGS) ..." */
static int add_macro(struct kernel_data *kd, const char *value)
{
	size_t n = strcspn(value, " \t"), len;
	const char *type = value + n + strspn(value + n, " \t");
	const char *open = memchr(value, '(', n), *flag;
	struct kernel_macro mc;

	memset(&mc, 0, sizeof(mc));
	if (!n || !*type || (open && value[n - 1] != ')') || open == value)
		return -1;
	mc.name = xstrndup(value, open ? (size_t)(open - value) : n);
	mc.function_like = open != NULL;
	if (open && strncmp(open, "(...)", 5))
		mc.args =
			squeezed(open + 1, (size_t)(value + n - 1 - open - 1));
	len = strlen(type);
	flag = type + len;
	while (flag > type && flag[-1] != ' ' && flag[-1] != '\t')
		flag--;
	if (!strcmp(flag, "zero") || !strcmp(flag, "null")) {
		mc.zero = !strcmp(flag, "zero");
		mc.null = !strcmp(flag, "null");
		len = (size_t)(flag - type);
	}
	mc.type = normalised(type, len);
	if (!*mc.type) {
		free(mc.name);
		free(mc.args);
		free(mc.type);
		return -1;
	}
	ALLOC_GROW(kd->macros, kd->nr_macros + 1, kd->alloc_macros);
	kd->macros[kd->nr_macros++] = mc;
	return 0;
}

/* "NAME TYPE..." */
static int add_member(struct kernel_data *kd, const char *value)
{
	size_t n = strcspn(value, " \t");
	const char *type = value + n + strspn(value + n, " \t");
	struct kernel_member *mb;

	if (!n || !*type)
		return -1;
	ALLOC_GROW(kd->members, kd->nr_members + 1, kd->alloc_members);
	mb = &kd->members[kd->nr_members++];
	mb->name = xstrndup(value, n);
	mb->type = normalised(type, strlen(type));
	return 0;
}

int kernel_data_parse(struct kernel_data *kd, const char *text,
		      const char *path)
{
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	struct field_reader fr;
	int got, ret = 0;

	field_reader_init(&fr, text);
	while ((got = field_next(&fr, &key, &value)) > 0) {
		if (!strcmp(key.buf, "role"))
			ret = add_role(kd, value.buf);
		else if (!strcmp(key.buf, "macro"))
			ret = add_macro(kd, value.buf);
		else if (!strcmp(key.buf, "member"))
			ret = add_member(kd, value.buf);
		else
			ret = -1;
		if (ret < 0) {
			ret = error("%s:%d: bad field '%s'", path, fr.key_line,
				    key.buf);
			break;
		}
	}
	if (got < 0)
		ret = error("%s:%d: expected 'key: value'", path, fr.lineno);
	strbuf_release(&key);
	strbuf_release(&value);
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
