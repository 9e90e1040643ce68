/*
 * config-guards.c - the Kconfig symbols a piece of a file is compiled
 * under (see config-guards.h).
 *
 * Contract: the conditionals are read from the lexer's directives
 * alone, in order, up to the offset; nothing is expanded, so a symbol
 * behind a macro of the file's own is not found.  Nesting past
 * MAX_GUARD_DEPTH is counted, not followed.
 */
#include <string.h>

#include "config-guards.h"
#include "lexer.h"
#include "strlist.h"
#include "util.h"

#define MAX_GUARD_DEPTH 64

/* an open conditional: the directive whose branch holds the offset */
struct guard {
	size_t directive; /* 1-based */
	int positive;	  /* its symbols must be defined */
	int added;	  /* they are in names */
};

/*
 * Is the symbol at token k negated: a '!' before it, through
 * "defined", "IS_ENABLED" and the like and their parentheses?
 */
static int negated(const char *text, const struct token_list *tokens,
		   size_t first, size_t k)
{
	static const char *const through[] = { "(", "defined", "IS_ENABLED",
					       "IS_BUILTIN", "IS_REACHABLE" };

	while (k-- > first) {
		const struct token *tok = &tokens->tokens[k];

		if (token_is_comment(tok) ||
		    token_in(text, tok, through, ARRAY_SIZE(through)))
			continue;
		return token_is(text, tok, "!");
	}
	return 0;
}

/* is token k the argument of IS_ENABLED() or the like: a test, no value */
static int tested(const char *text, const struct token_list *tokens, size_t k)
{
	static const char *const tests[] = { "defined", "IS_ENABLED",
					     "IS_BUILTIN", "IS_REACHABLE",
					     "IS_MODULE" };

	return k >= 2 && token_is(text, &tokens->tokens[k - 1], "(") &&
	       token_in(text, &tokens->tokens[k - 2], tests, ARRAY_SIZE(tests));
}

/* token k is a CONFIG_ symbol: its name, NUL-terminated, in name[size] */
static int config_symbol(const char *text, const struct token *tok, char *name,
			 size_t size)
{
	size_t len = tok->end - tok->start;

	if (tok->type != TOKEN_IDENT || len <= 7 || len >= size ||
	    strncmp(text + tok->start, "CONFIG_", 7))
		return 0;
	memcpy(name, text + tok->start, len);
	name[len] = '\0';
	return 1;
}

/*
 * The CONFIG_ symbols the file uses as values, sorted: in its code or a
 * directive other than a conditional ("#define X CONFIG_X"), not as
 * IS_ENABLED()'s argument.  Defined to 1 such a symbol would be an int
 * there ("CONFIG_CMDLINE" is a string).
 */
static void value_symbols(const char *text, const struct token_list *tokens,
			  struct strlist *values)
{
	size_t k;

	for (k = 0; k < tokens->nr; k++) {
		const struct token *tok = &tokens->tokens[k];
		char name[128];

		if (config_symbol(text, tok, name, sizeof(name)) &&
		    (!tok->directive ||
		     !directive_is_conditional(tokens, text, tok->directive)) &&
		    !tested(text, tokens, k))
			strlist_push(values, name);
	}
	strlist_sort(values);
}

static int compare_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct strlist_item *)elem)->string);
}

/* the CONFIG_ symbols directive d needs defined, into names */
static void add_symbols(const char *text, const struct token_list *tokens,
			size_t d, const struct strlist *values,
			struct strlist *names, size_t max)
{
	size_t first = directive_name(tokens, d) + 1, k;

	for (k = first; k < tokens->nr && tokens->tokens[k].directive == d &&
			names->nr < max;
	     k++) {
		char name[128];

		if (!config_symbol(text, &tokens->tokens[k], name,
				   sizeof(name)) ||
		    negated(text, tokens, first, k) ||
		    sane_bsearch(name, values->items, values->nr,
				 sizeof(*values->items), compare_name))
			continue;
		if (strlist_find(names, name) < 0)
			strlist_push(names, name);
	}
}

/* the conditionals open after directive d (its name: name) */
static void step(const char *text, const struct token *name, size_t d,
		 struct guard *stack, size_t *depth, size_t *over)
{
	if (token_is(text, name, "if") || token_is(text, name, "ifdef") ||
	    token_is(text, name, "ifndef")) {
		if (*depth == MAX_GUARD_DEPTH) {
			(*over)++;
			return;
		}
		stack[*depth] =
			(struct guard){ d, !token_is(text, name, "ifndef"), 0 };
		(*depth)++;
	} else if (*over) {
		*over -= token_is(text, name, "endif");
	} else if (!*depth) {
		return; /* an #else or #endif with no #if */
	} else if (token_is(text, name, "elif")) {
		stack[*depth - 1] = (struct guard){ d, 1, 0 };
	} else if (token_is(text, name, "else")) {
		stack[*depth - 1].positive = 0;
	} else if (token_is(text, name, "endif")) {
		(*depth)--;
	}
}

void config_guards(const char *text, const struct token_list *tokens,
		   const size_t *offsets, size_t nr, struct strlist *names,
		   size_t max)
{
	struct strlist values = STRLIST_INIT;
	struct guard stack[MAX_GUARD_DEPTH];
	size_t depth = 0, over = 0, d = 1, i, j;

	value_symbols(text, tokens, &values);
	for (i = 0; i < nr && names->nr < max; i++) {
		for (; d <= tokens->nr_directives &&
		       tokens->tokens[tokens->directive_hash[d - 1]].start <
			       offsets[i];
		     d++) {
			size_t at = directive_name(tokens, d);

			if (at != (size_t)-1)
				step(text, &tokens->tokens[at], d, stack,
				     &depth, &over);
		}
		for (j = 0; j < depth; j++)
			if (stack[j].positive && !stack[j].added) {
				add_symbols(text, tokens, stack[j].directive,
					    &values, names, max);
				stack[j].added = 1;
			}
	}
	strlist_clear(&values, 0);
}
