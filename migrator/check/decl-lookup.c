/*
 * decl-lookup.c - types and literals from a file's own text (see
 * decl-lookup.h).
 *
 * A declaration of NAME is recognised by its tokens: NAME followed by
 * ';' ',' '=' ')' '[' and preceded by '*'s and type words that start a
 * statement or a parameter (after ';' '{' '}' '(' ','), or, in a list of
 * declarators, by '*'s and a ',' (the type words are then those that
 * open the statement), and only when the type words make a type the
 * rules can judge (a struct, an integer, dev_t...: "a * b" is no
 * declaration).  Members of a struct or union defined in the file are
 * looked up for "x->name", variables and parameters for "name"; scopes
 * are not followed, so the declaration nearest before the call wins.
 * A wrong guess is possible; every verdict that rests on one says
 * "(type from the file's declaration)" in its message.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "decl-lookup.h"
#include "kernel-data.h"
#include "name-table.h"
#include "strbuf.h"
#include "util.h"

/* the tokens that are code: no comments, no directives */
struct code_view {
	const char *buf;
	const struct token **tok;
	size_t nr;
};

static void code_view_init(struct code_view *cv, const char *buf,
			   const struct token_list *tokens, int directives)
{
	size_t i;

	cv->buf = buf;
	cv->nr = 0;
	cv->tok = xcalloc(tokens->nr + 1, sizeof(*cv->tok));
	for (i = 0; i < tokens->nr; i++)
		if (tokens->tokens[i].type != TOKEN_COMMENT &&
		    (directives || !tokens->tokens[i].directive))
			cv->tok[cv->nr++] = &tokens->tokens[i];
}

static int is(const struct code_view *cv, size_t i, const char *text)
{
	return i < cv->nr && token_is(cv->buf, cv->tok[i], text);
}

static int is_ident(const struct code_view *cv, size_t i)
{
	return i < cv->nr && cv->tok[i]->type == TOKEN_IDENT;
}

static int is_statement_word(const struct code_view *cv, size_t i)
{
	static const char *const words[] = {
		"return", "case",   "goto",	"sizeof",  "else",
		"do",	  "typeof", "if",	"while",   "for",
		"switch", "break",  "continue", "default", "__typeof__",
	};
	size_t k;

	for (k = 0; k < ARRAY_SIZE(words); k++)
		if (is(cv, i, words[k]))
			return 1;
	return 0;
}

static int is_storage_word(const struct code_view *cv, size_t i)
{
	return is(cv, i, "static") || is(cv, i, "extern") ||
	       is(cv, i, "register") || is(cv, i, "inline") ||
	       is(cv, i, "auto");
}

/* "struct class" from the words [first, last], then the stars */
static char *make_type(const struct code_view *cv, size_t first, size_t last,
		       int stars)
{
	struct strbuf sb = STRBUF_INIT;
	struct type_class tc;
	size_t i;

	for (i = first; i <= last; i++) {
		if (is_statement_word(cv, i))
			goto out_reject;
		if (is_storage_word(cv, i))
			continue;
		if (sb.len)
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, cv->buf + cv->tok[i]->start,
			   cv->tok[i]->end - cv->tok[i]->start);
	}
	if (!sb.len)
		goto out_reject;
	/* "a * b" is no declaration: only types the rules can judge */
	type_classify(sb.buf, &tc);
	if (tc.kind == TYPE_UNKNOWN)
		goto out_reject;
	if (stars)
		strbuf_addch(&sb, ' ');
	strbuf_addchars(&sb, '*', (size_t)stars);
	return strbuf_detach(&sb, NULL);
out_reject:
	strbuf_release(&sb);
	return NULL;
}

static int starts_declaration(const struct code_view *cv, size_t i)
{
	return i == (size_t)-1 || is(cv, i, ";") || is(cv, i, "{") ||
	       is(cv, i, "}") || is(cv, i, "(") || is(cv, i, ",");
}

/* "static struct class *a, *b;": the type words opening the statement */
static char *list_type(const struct code_view *cv, size_t comma, int stars)
{
	size_t start = comma, end;
	int depth = 0;

	while (start-- > 0) {
		if (is(cv, start, ")") || is(cv, start, "]"))
			depth++;
		else if ((is(cv, start, "(") || is(cv, start, "[")) && depth)
			depth--;
		else if (is(cv, start, "(") || is(cv, start, "=") ||
			 is(cv, start, "."))
			return NULL; /* not a list of declarators */
		else if (!depth && (is(cv, start, ";") || is(cv, start, "{") ||
				    is(cv, start, "}")))
			break;
	}
	start++;
	for (end = start; is_ident(cv, end); end++)
		;
	if (end == start)
		return NULL;
	if (!is(cv, end, "*")) {
		end--; /* the last word is the first declarator */
		if (end == start)
			return NULL;
	}
	return make_type(cv, start, end - 1, stars);
}

/* the type of the declaration whose name is token i, or NULL */
static char *declaration_at(const struct code_view *cv, size_t i)
{
	size_t j = i - 1, first;
	int stars = 0, array = is(cv, i + 1, "[");

	if (!i || !(is(cv, i + 1, ";") || is(cv, i + 1, ",") ||
		    is(cv, i + 1, "=") || is(cv, i + 1, ")") || array))
		return NULL;
	while (j != (size_t)-1 && is(cv, j, "*")) {
		stars++;
		j--;
	}
	if (j == (size_t)-1)
		return NULL;
	if (is(cv, j, ","))
		return list_type(cv, j, stars + array);
	if (!is_ident(cv, j))
		return NULL;
	for (first = j; first > 0 && is_ident(cv, first - 1); first--)
		;
	if (!starts_declaration(cv, first - 1))
		return NULL;
	return make_type(cv, first, j, stars + array);
}

/* is the '{' at token i the opening of a struct or union definition */
static int opens_record(const struct code_view *cv, size_t i)
{
	if (i >= 1 && is_ident(cv, i - 1) && !is(cv, i - 1, "struct"))
		i--; /* the tag */
	return i >= 1 && (is(cv, i - 1, "struct") || is(cv, i - 1, "union"));
}

/* a declaration of a name: where, in a record's body or not, its type */
struct decl {
	size_t start;
	int member;
	char *type;
};

/* what the index knows of one name, each part found on first use */
struct name_entry {
	size_t *at; /* the code tokens that are the name, in order */
	size_t nr, alloc;
	struct decl *decls;
	size_t nr_decls;
	int decls_done, created_done, macro_done;
	char *created, *macro;
	char *key; /* its own copy of a name the file never spells, or NULL */
};

/*
 * A file's code tokens, whether each is in a record's body (one pass
 * with a stack of the open braces), and its identifiers by name
 */
struct decl_index {
	struct code_view cv;
	char *in_record;
	struct name_table names;
};

static void mark_records(struct decl_index *ix)
{
	const struct code_view *cv = &ix->cv;
	char *open = xcalloc(cv->nr + 1, 1); /* the stack: record or not */
	size_t i, depth = 0;

	ix->in_record = xcalloc(cv->nr + 1, 1);
	for (i = 0; i < cv->nr; i++) {
		ix->in_record[i] = depth ? open[depth - 1] : 0;
		if (is(cv, i, "{"))
			open[depth++] = (char)opens_record(cv, i);
		else if (is(cv, i, "}") && depth)
			depth--;
	}
	free(open);
}

struct decl_index *decl_index_new(const char *buf,
				  const struct token_list *tokens)
{
	struct decl_index *ix = xcalloc(1, sizeof(*ix));
	size_t i;

	code_view_init(&ix->cv, buf, tokens, 0);
	mark_records(ix);
	for (i = 0; i < ix->cv.nr; i++) {
		const struct token *t = ix->cv.tok[i];
		struct name_entry **slot;

		if (t->type != TOKEN_IDENT)
			continue;
		slot = (struct name_entry **)name_table_put(
			&ix->names, buf + t->start, t->end - t->start);
		if (!*slot)
			*slot = xcalloc(1, sizeof(**slot));
		ALLOC_GROW((*slot)->at, (*slot)->nr + 1, (*slot)->alloc);
		(*slot)->at[(*slot)->nr++] = i;
	}
	return ix;
}

static void free_entry(void *util)
{
	struct name_entry *e = util;
	size_t i;

	for (i = 0; i < e->nr_decls; i++)
		free(e->decls[i].type);
	free(e->decls);
	free(e->at);
	free(e->created);
	free(e->macro);
	free(e->key);
	free(e);
}

void decl_index_free(struct decl_index *ix)
{
	if (!ix)
		return;
	name_table_release(&ix->names, free_entry);
	free(ix->in_record);
	free(ix->cv.tok);
	free(ix);
}

/* the source's index, or a new one in *own when it has none */
static struct decl_index *index_of(const struct source_text *src,
				   struct decl_index **own)
{
	*own = NULL;
	if (src->index)
		return src->index;
	return *own = decl_index_new(src->buf, src->tokens);
}

static struct name_entry *entry_of(struct decl_index *ix, const char *name)
{
	return name_table_get(&ix->names, name, strlen(name));
}

/* every declaration of the name, in the file's order */
static void find_decls(struct decl_index *ix, struct name_entry *e)
{
	size_t k;

	e->decls_done = 1;
	e->decls = xcalloc(e->nr + 1, sizeof(*e->decls));
	for (k = 0; k < e->nr; k++) {
		char *type = declaration_at(&ix->cv, e->at[k]);
		struct decl *d;

		if (!type)
			continue;
		d = &e->decls[e->nr_decls++];
		d->start = ix->cv.tok[e->at[k]]->start;
		d->member = ix->in_record[e->at[k]];
		d->type = type;
	}
}

/*
 * The nearest declaration before offset before wins; with none before,
 * the first after it
 */
char *decl_type(const struct source_text *src, const char *name, size_t before,
		int member)
{
	struct decl_index *own, *ix = index_of(src, &own);
	struct name_entry *e = entry_of(ix, name);
	const char *best = NULL;
	char *type;
	size_t k;

	if (e && !e->decls_done)
		find_decls(ix, e);
	for (k = 0; e && k < e->nr_decls; k++) {
		if (best && e->decls[k].start > before)
			break;
		if (e->decls[k].member == member)
			best = e->decls[k].type;
	}
	type = best ? xstrdup(best) : NULL;
	decl_index_free(own);
	return type;
}

static void add_literal(struct strbuf *sb, const char *buf,
			const struct token *tok)
{
	const char *open = memchr(buf + tok->start, '"', tok->end - tok->start);
	const char *close = buf + tok->end - 1;

	if (open && close > open && *close == '"')
		strbuf_add(sb, open + 1, (size_t)(close - open - 1));
}

static char *string_macro(const struct source_text *src, const char *name)
{
	const struct token_list *tl = src->tokens;
	struct strbuf sb = STRBUF_INIT;
	size_t d;

	for (d = 1; d <= tl->nr_directives; d++) {
		size_t i = directive_name(tl, d), n = 0;

		if (i == (size_t)-1 ||
		    !token_is(src->buf, &tl->tokens[i], "define") ||
		    i + 1 >= tl->nr ||
		    !token_is(src->buf, &tl->tokens[i + 1], name))
			continue;
		for (i += 2; i < tl->nr && tl->tokens[i].directive == d; i++) {
			if (tl->tokens[i].type == TOKEN_COMMENT)
				continue;
			if (tl->tokens[i].type != TOKEN_STRING)
				break;
			add_literal(&sb, src->buf, &tl->tokens[i]);
			n++;
		}
		if (n && (i >= tl->nr || tl->tokens[i].directive != d))
			return strbuf_detach(&sb, NULL);
		strbuf_reset(&sb);
	}
	strbuf_release(&sb);
	return NULL;
}

/* the index's entry of name, made when new */
/*
 * name's entry, made when the file never spells it: the table keeps
 * the key's pointer, so the entry holds a copy that lives as long
 */
static struct name_entry *entry_put(struct decl_index *ix, const char *name)
{
	struct name_entry *e = entry_of(ix, name), **slot;

	if (e)
		return e;
	e = xcalloc(1, sizeof(*e));
	e->key = xstrdup(name);
	slot = (struct name_entry **)name_table_put(&ix->names, e->key,
						    strlen(e->key));
	*slot = e;
	return e;
}

char *decl_string_macro(const struct source_text *src, const char *name)
{
	struct name_entry *e;

	if (!src->index)
		return string_macro(src, name);
	e = entry_put(src->index, name);
	if (!e->macro_done) {
		e->macro_done = 1;
		e->macro = string_macro(src, name);
	}
	return e->macro ? xstrdup(e->macro) : NULL;
}

/* the last identifier of an expression's text ("cls" of "w->cls") */
static char *last_identifier(const char *expr)
{
	const char *end = expr + strlen(expr), *start;

	while (end > expr && !isalnum((unsigned char)end[-1]) && end[-1] != '_')
		end--;
	start = end;
	while (start > expr &&
	       (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
		start--;
	if (start == end || isdigit((unsigned char)*start))
		return NULL;
	return xstrndup(start, (size_t)(end - start));
}

/* "name = f(..., "literal", ...)" at token i: the last literal */
static char *created_at(const struct code_view *cv, size_t i)
{
	const struct token *literal = NULL;
	struct strbuf sb = STRBUF_INIT;
	int depth = 0;
	size_t k;

	if (i + 3 >= cv->nr || !is(cv, i + 1, "=") || !is_ident(cv, i + 2) ||
	    !is(cv, i + 3, "("))
		return NULL;
	for (k = i + 3; k < cv->nr; k++) {
		if (is(cv, k, "("))
			depth++;
		else if (is(cv, k, ")") && !--depth)
			break;
		else if (cv->tok[k]->type == TOKEN_STRING)
			literal = cv->tok[k];
	}
	if (!literal)
		return NULL;
	add_literal(&sb, cv->buf, literal);
	return strbuf_detach(&sb, NULL);
}

char *decl_created_name(const struct source_text *src, const char *expr)
{
	char *name = last_identifier(expr), *found = NULL;
	struct decl_index *own, *ix;
	struct name_entry *e;
	size_t k;

	if (!name)
		return NULL;
	ix = index_of(src, &own);
	e = entry_of(ix, name);
	if (e && !e->created_done) {
		e->created_done = 1;
		for (k = 0; k < e->nr && !e->created; k++)
			e->created = created_at(&ix->cv, e->at[k]);
	}
	if (e && e->created)
		found = xstrdup(e->created);
	decl_index_free(own);
	free(name);
	return found;
}

/* the index of the ')' or ']' closing the bracket at i, or nr */
static size_t matching(const struct code_view *cv, size_t i)
{
	int depth = 0;

	for (; i < cv->nr; i++) {
		if (is(cv, i, "(") || is(cv, i, "["))
			depth++;
		else if ((is(cv, i, ")") || is(cv, i, "]")) && !--depth)
			return i;
	}
	return cv->nr;
}

static int is_type_words(const struct code_view *cv, size_t first, size_t end)
{
	size_t i;
	int words = 0;

	for (i = first; i < end; i++) {
		if (is_ident(cv, i))
			words++;
		else if (!is(cv, i, "*"))
			return 0;
	}
	return words > 0 &&
	       (is(cv, end - 1, "*") || is(cv, first, "struct") ||
		is(cv, first, "unsigned") || is(cv, first, "int") ||
		is(cv, first, "long") || is(cv, first, "char"));
}

static char *token_text(const struct code_view *cv, size_t first, size_t end)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = first; i < end; i++) {
		if (sb.len && !is(cv, i, "*"))
			strbuf_addch(&sb, ' ');
		else if (sb.len && !is(cv, i - 1, "*"))
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, cv->buf + cv->tok[i]->start,
			   cv->tok[i]->end - cv->tok[i]->start);
	}
	return strbuf_detach(&sb, NULL);
}

static void guess_tokens(const struct source_text *src,
			 const struct code_view *cv, size_t first, size_t end,
			 size_t at, struct expr_guess *g);

/* a name, a member, an element: the declaration of its last name */
static void guess_name(const struct source_text *src,
		       const struct code_view *cv, size_t first, size_t end,
		       size_t at, struct expr_guess *g)
{
	int derefs = 0, member;
	char *name, *type;

	while (end > first + 1 && is(cv, end - 1, "]")) {
		size_t open = end - 1;

		while (open > first && matching(cv, open) != end - 1)
			open--;
		end = open;
		derefs++;
	}
	if (end <= first || !is_ident(cv, end - 1))
		return;
	name = token_text(cv, end - 1, end);
	if (end - first == 1) {
		g->literal = decl_string_macro(src, name);
		if (g->literal) {
			free(name);
			g->is_literal = 1;
			g->type = xstrdup("char *");
			g->from_declaration = 1;
			return;
		}
	}
	member = end - first >= 2 &&
		 (is(cv, end - 2, "->") || is(cv, end - 2, "."));
	type = decl_type(src, name, at, member);
	free(name);
	while (type && derefs-- > 0) {
		char *star = strrchr(type, '*');

		if (!star) {
			free(type);
			return;
		}
		while (star > type && star[-1] == ' ')
			star--;
		*star = '\0';
	}
	g->type = type;
	g->from_declaration = 1;
}

static void guess_address(const struct source_text *src,
			  const struct code_view *cv, size_t first, size_t end,
			  size_t at, struct expr_guess *g)
{
	if (end - first >= 3 && is_ident(cv, end - 1) &&
	    (is(cv, end - 2, "->") || is(cv, end - 2, "."))) {
		char *member = token_text(cv, end - 1, end);
		const char *type = kernel_member_type(src->kernel, member);

		free(member);
		if (type) {
			g->type = xstrfmt("%s *", type);
			return;
		}
	}
	guess_name(src, cv, first, end, at, g);
	if (g->type && !strchr(g->type, '*')) {
		char *pointer = xstrfmt("%s *", g->type);

		free(g->type);
		g->type = pointer;
	} else if (g->type) {
		free(g->type); /* the address of a pointer: unusual */
		g->type = NULL;
	}
}

static int guess_shape(const struct source_text *src,
		       const struct code_view *cv, size_t first, size_t end,
		       size_t at, struct expr_guess *g)
{
	size_t i, close;

	if (is(cv, first, "(") && (close = matching(cv, first)) < end - 1 &&
	    is_type_words(cv, first + 1, close)) {
		guess_tokens(src, cv, close + 1, end, at, g);
		free(g->type);
		g->type = token_text(cv, first + 1, close);
		g->from_declaration = 0;
		return 1;
	}
	if (is(cv, first, "&")) {
		guess_address(src, cv, first + 1, end, at, g);
		return 1;
	}
	if (is_ident(cv, first) && is(cv, first + 1, "(") &&
	    matching(cv, first + 1) == end - 1) {
		size_t from = cv->tok[first]->start;
		const struct kernel_macro *mc =
			kernel_macro_match(src->kernel, cv->buf + from,
					   cv->tok[end - 1]->end - from);

		if (mc && !mc->null)
			g->type = xstrdup(mc->type);
		return 1;
	}
	for (i = first + 1; i < end; i++) {
		if (is(cv, i, "(") || is(cv, i, "["))
			i = matching(cv, i);
		else if (is(cv, i, "+") || is(cv, i, "-"))
			break;
	}
	if (i < end) {
		/* pointer + n, devt + n: the left operand's type */
		guess_tokens(src, cv, first, i, at, g);
		g->is_null = g->is_literal = 0;
		free(g->literal);
		g->literal = NULL;
		return 1;
	}
	return 0;
}

static void guess_tokens(const struct source_text *src,
			 const struct code_view *cv, size_t first, size_t end,
			 size_t at, struct expr_guess *g)
{
	struct strbuf literal = STRBUF_INIT;
	size_t i;

	while (end - first > 2 && is(cv, first, "(") &&
	       matching(cv, first) == end - 1) {
		first++;
		end--;
	}
	if (first >= end)
		return;
	for (i = first; i < end && cv->tok[i]->type == TOKEN_STRING; i++)
		add_literal(&literal, cv->buf, cv->tok[i]);
	if (i == end) {
		g->is_literal = 1;
		g->literal = strbuf_detach(&literal, NULL);
		g->type = xstrdup("char *");
		return;
	}
	strbuf_release(&literal);
	if (end - first == 1 &&
	    (is(cv, first, "NULL") || cv->tok[first]->type == TOKEN_NUMBER ||
	     cv->tok[first]->type == TOKEN_CHAR)) {
		g->is_null = is(cv, first, "NULL") ||
			     (cv->tok[first]->type == TOKEN_NUMBER &&
			      strtoul(cv->buf + cv->tok[first]->start, NULL,
				      0) == 0 &&
			      cv->buf[cv->tok[first]->start] == '0');
		g->type = xstrdup(is(cv, first, "NULL") ? "void *" : "int");
		return;
	}
	if (!guess_shape(src, cv, first, end, at, g))
		guess_name(src, cv, first, end, at, g);
}

void guess_expression(const struct source_text *src, const char *expr,
		      size_t at, struct expr_guess *guess)
{
	struct token_list tokens = TOKEN_LIST_INIT;
	struct code_view cv;

	memset(guess, 0, sizeof(*guess));
	lex_buffer(expr, strlen(expr), &tokens);
	code_view_init(&cv, expr, &tokens, 1);
	guess_tokens(src, &cv, 0, cv.nr, at, guess);
	free(cv.tok);
	token_list_release(&tokens);
}

void expr_guess_release(struct expr_guess *guess)
{
	free(guess->type);
	free(guess->literal);
	memset(guess, 0, sizeof(*guess));
}
