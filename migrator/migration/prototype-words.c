/*
 * prototype-words.c - the words of a C declaration (see
 * prototype-words.h): the reader's tokens, the attributes it skips (GCC's
 * and kernel-types' annotations, __iomem, __printf(2, 3)) and the
 * declaration specifiers (qualifiers, base type words, struct/union/enum
 * tags, one typedef name); prototype.c reads the declarators.
 */
#include <stdio.h>
#include <string.h>

#include "kernel-data.h"
#include "prototype-words.h"
#include "strbuf.h"
#include "util.h"

const struct token *reader_tok(const struct reader *r)
{
	return r->i < r->tl.nr ? &r->tl.tokens[r->i] : NULL;
}

int reader_at(const struct reader *r, const char *text)
{
	const struct token *t = reader_tok(r);

	return t && token_is(r->text, t, text);
}

int reader_at_ident(const struct reader *r)
{
	const struct token *t = reader_tok(r);

	return t && t->type == TOKEN_IDENT;
}

/* -1 after "REASON, at 'TOKEN'" (or "at the end") */
int reader_fail(struct reader *r, const char *reason)
{
	const struct token *t = reader_tok(r);

	if (r->failed++)
		return -1;
	if (t)
		strbuf_addf(r->why, "%s, at '%.*s'", reason,
			    (int)(t->end - t->start), r->text + t->start);
	else
		strbuf_addf(r->why, "%s, at the end", reason);
	return -1;
}

static int is_word(const char *word, const char *const *words, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(word, words[i]))
			return 1;
	return 0;
}

/* the current identifier, copied to word (empty if there is none) */
void reader_ident(const struct reader *r, char *word, size_t size)
{
	const struct token *t = reader_tok(r);

	*word = '\0';
	if (t && t->type == TOKEN_IDENT)
		snprintf(word, size, "%.*s", (int)(t->end - t->start),
			 r->text + t->start);
}

/* skip a balanced "( ... )" group, r at its '(' */
static int skip_group(struct reader *r, struct strbuf *out)
{
	int depth = 0;

	if (!reader_at(r, "("))
		return reader_fail(r, "expected '('");
	do {
		const struct token *t = reader_tok(r);

		if (!t)
			return reader_fail(r, "unbalanced '('");
		depth += reader_at(r, "(") - reader_at(r, ")");
		if (out)
			strbuf_add(out, r->text + t->start, t->end - t->start);
		r->i++;
	} while (depth);
	return 0;
}

/*
 * An attribute at r (GCC's or one of kernel-types), skipped with its
 * arguments: 1; 0 when there is none; -1 on a malformed one
 */
int reader_skip_attribute(struct reader *r)
{
	static const char *const gcc[] = { "__attribute__", "__attribute",
					   "__extension__" };
	const struct kernel_attribute *ka;
	char word[80];
	int args;

	reader_ident(r, word, sizeof(word));
	if (!*word)
		return 0;
	ka = kernel_attribute_named(r->kd, word);
	if (!ka && !is_word(word, gcc, ARRAY_SIZE(gcc)))
		return 0;
	args = ka ? ka->function_like : strcmp(word, "__extension__") != 0;
	r->i++;
	if (args && skip_group(r, NULL) < 0)
		return -1;
	return 1;
}

/* words that say nothing of the type a caller passes */
int is_storage_word(const char *word)
{
	static const char *const words[] = {
		"static",   "extern", "inline",	  "__inline",	"__inline__",
		"register", "auto",   "restrict", "__restrict", "__restrict__",
	};

	return is_word(word, words, ARRAY_SIZE(words));
}

/* "const", "volatile" and their GCC spellings, as C spells them */
const char *qualifier_word(const char *word)
{
	if (!strcmp(word, "const") || !strcmp(word, "__const") ||
	    !strcmp(word, "__const__"))
		return "const";
	if (!strcmp(word, "volatile") || !strcmp(word, "__volatile") ||
	    !strcmp(word, "__volatile__"))
		return "volatile";
	return NULL;
}

static int is_base_word(const char *word)
{
	static const char *const words[] = {
		"void",	 "char",     "short",	   "int",      "long",
		"float", "double",   "signed",	   "unsigned", "_Bool",
		"bool",	 "__int128", "__signed__", "__signed",
	};

	return is_word(word, words, ARRAY_SIZE(words));
}

void add_type_word(struct strbuf *sb, const char *word)
{
	if (sb->len)
		strbuf_addch(sb, ' ');
	strbuf_addstr(sb, word);
}

/* one word of the specifiers: 1 taken, 0 not one, -1 malformed */
static int specifier(struct reader *r, struct strbuf *spec, int *typed)
{
	char word[80];
	int got = reader_skip_attribute(r);

	if (got)
		return got;
	reader_ident(r, word, sizeof(word));
	if (!*word)
		return 0;
	if (is_storage_word(word) || qualifier_word(word)) {
		if (qualifier_word(word))
			add_type_word(spec, qualifier_word(word));
	} else if (!strcmp(word, "struct") || !strcmp(word, "union") ||
		   !strcmp(word, "enum")) {
		add_type_word(spec, word);
		r->i++;
		while ((got = reader_skip_attribute(r)) > 0)
			;
		reader_ident(r, word, sizeof(word));
		if (got < 0 || !*word)
			return reader_fail(r,
					   "expected a tag after struct, union "
					   "or enum");
		add_type_word(spec, word);
		*typed = 1;
	} else if (is_base_word(word)) {
		add_type_word(spec, word);
		*typed = 1;
	} else if (!*typed) {
		add_type_word(spec, word); /* a typedef name */
		*typed = 1;
	} else {
		return 0; /* the declared name */
	}
	r->i++;
	return 1;
}

int reader_specifiers(struct reader *r, struct strbuf *spec)
{
	int typed = 0, got;

	while ((got = specifier(r, spec, &typed)) > 0)
		;
	if (got < 0)
		return -1;
	if (!typed)
		return reader_fail(r, "expected a type");
	return 0;
}
