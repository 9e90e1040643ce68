/*
 * c-type.c - the small C type model of c-type.h: a type as spelled
 * made a kind, a pointer depth and a base, and whether an argument of
 * one type may be passed for a parameter of another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "util.h"

/* words that change nothing about what may be passed */
static int is_qualifier(const char *word)
{
	static const char *const words[] = {
		"const",   "volatile", "restrict", "__restrict", "static",
		"extern",  "register", "inline",   "__inline__", "__user",
		"__iomem", "__force",  "__kernel", "__rcu",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcmp(word, words[i]))
			return 1;
	return 0;
}

static int is_integer_word(const char *word)
{
	static const char *const words[] = {
		"char",	    "short",  "int",   "long",
		"unsigned", "signed", "_Bool", "bool",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcmp(word, words[i]))
			return 1;
	return 0;
}

/* dev_t, size_t, u32, __u32, s8, __kernel_dev_t: the kernel's scalars */
static int is_scalar_typedef(const char *word)
{
	size_t len = strlen(word);
	const char *p = word;

	if (len > 2 && !strcmp(word + len - 2, "_t"))
		return 1;
	while (*p == '_')
		p++;
	if ((*p == 'u' || *p == 's') && p[1]) {
		char *end;
		long bits = strtol(p + 1, &end, 10);

		return !*end &&
		       (bits == 8 || bits == 16 || bits == 32 || bits == 64);
	}
	return 0;
}

static void add_base_word(struct type_class *tc, const char *word)
{
	size_t len = strlen(tc->base);

	if (len && len + 1 < sizeof(tc->base))
		tc->base[len++] = ' ';
	snprintf(tc->base + len, sizeof(tc->base) - len, "%s", word);
}

static void classify_word(struct type_class *tc, const char *word, int *tagged)
{
	if (is_qualifier(word))
		return;
	if (*tagged) {
		add_base_word(tc, word);
		*tagged = 0;
		return;
	}
	if (!strcmp(word, "struct") || !strcmp(word, "union")) {
		tc->kind = TYPE_RECORD;
		*tagged = 1;
	} else if (!strcmp(word, "enum")) {
		tc->kind = TYPE_INTEGER;
		*tagged = 1;
	} else if (is_integer_word(word)) {
		tc->kind = TYPE_INTEGER;
	} else if (!strcmp(word, "float") || !strcmp(word, "double")) {
		tc->kind = TYPE_FLOAT;
	} else if (!strcmp(word, "void")) {
		tc->kind = TYPE_VOID;
	} else if (tc->base[0]) {
		return; /* a parameter name after the type */
	} else {
		tc->kind = is_scalar_typedef(word) ? TYPE_INTEGER :
						     TYPE_UNKNOWN;
	}
	add_base_word(tc, word);
}

void type_classify(const char *spelling, struct type_class *tc)
{
	const char *p = spelling ? spelling : "";
	int tagged = 0, depth = 0;

	memset(tc, 0, sizeof(*tc));
	while (*p) {
		if (is_c_ident_char(*p)) {
			const char *start = p;
			char word[80];

			while (is_c_ident_char(*p))
				p++;
			snprintf(word, sizeof(word), "%.*s", (int)(p - start),
				 start);
			if (!depth)
				classify_word(tc, word, &tagged);
			continue;
		}
		if (!depth && (*p == '*' || *p == '[')) {
			tc->pointers++;
		} else if (*p == '(') {
			/* "int (*)(void)": a function or a pointer to one */
			if (!depth++) {
				tc->kind = TYPE_FUNCTION;
				if (p[1] == '*')
					tc->pointers++;
			}
		} else if (*p == ')' && depth) {
			depth--;
		}
		p++;
	}
	if (tagged)
		tc->kind = TYPE_UNKNOWN;
}

int type_is_pointer(const struct type_class *tc)
{
	return tc->pointers > 0;
}

int type_is_string(const struct type_class *tc)
{
	const char *base = tc->base;

	if (!strncmp(base, "unsigned ", 9))
		base += 9;
	else if (!strncmp(base, "signed ", 7))
		base += 7;
	return tc->pointers == 1 && !strcmp(base, "char");
}

static int pointer_fits(const struct type_class *param,
			const struct type_class *arg)
{
	if ((arg->kind == TYPE_VOID && arg->pointers == 1) ||
	    (param->kind == TYPE_VOID && param->pointers == 1))
		return 1;
	if (arg->pointers != param->pointers)
		return arg->kind == TYPE_UNKNOWN ? -1 : 0;
	if (!strcmp(arg->base, param->base))
		return 1;
	if (type_is_string(arg) && type_is_string(param))
		return 1;
	if (arg->kind == TYPE_UNKNOWN || param->kind == TYPE_UNKNOWN)
		return -1;
	return 0;
}

int type_fits(const struct type_class *param, const struct type_class *arg,
	      int arg_is_null)
{
	if (type_is_pointer(param)) {
		if (arg_is_null)
			return 1;
		if (type_is_pointer(arg))
			return pointer_fits(param, arg);
		if (arg->kind == TYPE_FUNCTION)
			return param->kind == TYPE_FUNCTION ? 1 : 0;
		if (arg->kind == TYPE_UNKNOWN)
			return -1;
		return 0; /* an integer, a float, a structure */
	}
	if (param->kind == TYPE_INTEGER || param->kind == TYPE_FLOAT) {
		if (type_is_pointer(arg) || arg->kind == TYPE_FUNCTION ||
		    arg->kind == TYPE_RECORD)
			return 0;
		if (arg->kind == TYPE_INTEGER || arg->kind == TYPE_FLOAT)
			return 1;
		return -1;
	}
	return -1;
}

int type_spelling_fits(const char *param, const char *arg, int arg_is_null)
{
	struct type_class p, a;

	if (!param || (!arg && !arg_is_null))
		return -1;
	type_classify(param, &p);
	type_classify(arg ? arg : "", &a);
	return type_fits(&p, &a, arg_is_null);
}
