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

static int is_width(long bits)
{
	return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}

/* the width of u8, __s32, uint16_t, int64_t; 0 for any other word */
static int sized_typedef_bits(const char *word)
{
	const char *p = word;
	char *end;
	long bits;

	while (*p == '_')
		p++;
	if ((*p == 'u' || *p == 's') && p[1] >= '0' && p[1] <= '9') {
		bits = strtol(p + 1, &end, 10);
		return !*end && is_width(bits) ? (int)bits : 0;
	}
	if (p != word)
		return 0;
	if (!strncmp(p, "uint", 4))
		p += 4;
	else if (!strncmp(p, "int", 3))
		p += 3;
	else
		return 0;
	bits = strtol(p, &end, 10);
	return end != p && !strcmp(end, "_t") && is_width(bits) ? (int)bits : 0;
}

/* dev_t, size_t, u32, __u32, s8, __kernel_dev_t: the kernel's scalars */
static int is_scalar_typedef(const char *word)
{
	size_t len = strlen(word);

	if (len > 2 && !strcmp(word + len - 2, "_t"))
		return 1;
	return sized_typedef_bits(word) != 0;
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
		/* <stdbool.h>'s and the kernel's bool: libclang says _Bool */
		if (!strcmp(word, "bool"))
			word = "_Bool";
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

/*
 * An integer base without its signedness, as C compares pointer
 * targets when the pointer-sign warning is off (the kernel builds with
 * -Wno-pointer-sign): "unsigned char", "u8" and "char" are "char",
 * "unsigned int" and "u32" are "int", "long int" is "long".
 */
static void unsigned_base(const char *base, char *out, size_t size)
{
	static const char *const widths[] = { "char", "short", "int",
					      "long long" };
	const char *p = base;
	size_t len = 0;
	int bits;

	out[0] = '\0';
	while (*p) {
		const char *word = p;
		int n;

		while (*p && *p != ' ')
			p++;
		n = (int)(p - word);
		while (*p == ' ')
			p++;
		if ((n == 8 && !strncmp(word, "unsigned", 8)) ||
		    (n == 6 && !strncmp(word, "signed", 6)) ||
		    (n == 3 && !strncmp(word, "int", 3) && len))
			continue; /* "long int" is "long" */
		if (len + (size_t)n + 2 > size)
			break;
		len += (size_t)snprintf(out + len, size - len, "%s%.*s",
					len ? " " : "", n, word);
	}
	bits = sized_typedef_bits(out);
	if (bits == 8 || bits == 16 || bits == 32)
		snprintf(out, size, "%s", widths[bits / 16]);
	else if (bits == 64)
		snprintf(out, size, "%s", widths[3]);
	else if (!len)
		snprintf(out, size, "int"); /* "unsigned" alone */
}

/* pointer targets differing in the signedness of an integer only */
static int same_but_sign(const struct type_class *param,
			 const struct type_class *arg)
{
	char a[sizeof(arg->base)], p[sizeof(param->base)];

	if (param->kind != TYPE_INTEGER || arg->kind != TYPE_INTEGER)
		return 0;
	unsigned_base(arg->base, a, sizeof(a));
	unsigned_base(param->base, p, sizeof(p));
	return !strcmp(a, p);
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
	if (same_but_sign(param, arg))
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
