/*
 * decl-index.c - the names of a file's own text and their declarations
 * (see decl-lookup.h): the index, the declared types, the string macros
 * and what a variable is created as; decl-lookup.c guesses an
 * expression from them.
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
#include "code-view.h"
#include "decl-lookup.h"
#include "kernel-data.h"
#include "name-table.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

static int is_statement_word(const struct code_view *cv, size_t i)
{
	static const char *const words[] = {
		"return", "case",   "goto",	"sizeof",  "else",
		"do",	  "typeof", "if",	"while",   "for",
		"switch", "break",  "continue", "default", "__typeof__",
	};
	size_t k;

	for (k = 0; k < ARRAY_SIZE(words); k++)
		if (code_is(cv, i, words[k]))
			return 1;
	return 0;
}

static int is_storage_word(const struct code_view *cv, size_t i)
{
	return code_is(cv, i, "static") || code_is(cv, i, "extern") ||
	       code_is(cv, i, "register") || code_is(cv, i, "inline") ||
	       code_is(cv, i, "auto");
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
	return i == (size_t)-1 || code_is(cv, i, ";") || code_is(cv, i, "{") ||
	       code_is(cv, i, "}") || code_is(cv, i, "(") ||
	       code_is(cv, i, ",");
}

/* "static struct class *a, *b;": the type words opening the statement */
static char *list_type(const struct code_view *cv, size_t comma, int stars)
{
	size_t start = comma, end;
	int depth = 0;

	while (start-- > 0) {
		if (code_is(cv, start, ")") || code_is(cv, start, "]"))
			depth++;
		else if ((code_is(cv, start, "(") || code_is(cv, start, "[")) &&
			 depth)
			depth--;
		else if (code_is(cv, start, "(") || code_is(cv, start, "=") ||
			 code_is(cv, start, "."))
			return NULL; /* not a list of declarators */
		else if (!depth &&
			 (code_is(cv, start, ";") || code_is(cv, start, "{") ||
			  code_is(cv, start, "}")))
			break;
	}
	start++;
	for (end = start; code_ident(cv, end); end++)
		;
	if (end == start)
		return NULL;
	if (!code_is(cv, end, "*")) {
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
	int stars = 0, array = code_is(cv, i + 1, "[");

	if (!i ||
	    !(code_is(cv, i + 1, ";") || code_is(cv, i + 1, ",") ||
	      code_is(cv, i + 1, "=") || code_is(cv, i + 1, ")") || array))
		return NULL;
	while (j != (size_t)-1 && code_is(cv, j, "*")) {
		stars++;
		j--;
	}
	if (j == (size_t)-1)
		return NULL;
	if (code_is(cv, j, ","))
		return list_type(cv, j, stars + array);
	if (!code_ident(cv, j))
		return NULL;
	for (first = j; first > 0 && code_ident(cv, first - 1); first--)
		;
	if (!starts_declaration(cv, first - 1))
		return NULL;
	return make_type(cv, first, j, stars + array);
}

/* is the '{' at token i the opening of a struct or union definition */
static int opens_record(const struct code_view *cv, size_t i)
{
	if (i >= 1 && code_ident(cv, i - 1) && !code_is(cv, i - 1, "struct") &&
	    !code_is(cv, i - 1, "union"))
		i--; /* the tag */
	return i >= 1 &&
	       (code_is(cv, i - 1, "struct") || code_is(cv, i - 1, "union"));
}

/* a declaration of a name: where, in a record's body or not, its type */
struct decl {
	size_t start;
	int member;
	size_t record; /* a member's: the '{' of its named record, or NONE */
	char *type;
};

#define NONE ((size_t)-1)

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
	size_t *record; /* each token's named record: its '{', or NONE */
	struct name_table names;
};

/* the tag of the record whose body opens at token i, or NONE */
static size_t record_tag(const struct code_view *cv, size_t i)
{
	if (i >= 2 && code_ident(cv, i - 1) &&
	    (code_is(cv, i - 2, "struct") || code_is(cv, i - 2, "union")))
		return i - 1;
	return NONE;
}

/*
 * The named record a brace at token i, at depth, opens or stays in: its
 * own '{' when named, its enclosing record's when anonymous
 */
static size_t record_owner(const struct code_view *cv, size_t i,
			   const char *open, const size_t *named, size_t depth)
{
	if (!open[depth])
		return NONE;
	if (record_tag(cv, i) != NONE)
		return i;
	return depth && open[depth - 1] ? named[depth - 1] : NONE;
}

/*
 * One pass with a stack of the open braces: whether each token is in a
 * record's body, and in which named one (the members of an anonymous
 * struct or union are their enclosing record's)
 */
static void mark_records(struct decl_index *ix)
{
	const struct code_view *cv = &ix->cv;
	char *open = xcalloc(cv->nr + 1, 1); /* the stack: record or not */
	size_t *named = xcalloc(cv->nr + 1, sizeof(*named));
	size_t i, depth = 0;

	ix->in_record = xcalloc(cv->nr + 1, 1);
	ix->record = xcalloc(cv->nr + 1, sizeof(*ix->record));
	for (i = 0; i < cv->nr; i++) {
		ix->in_record[i] = depth ? open[depth - 1] : 0;
		ix->record[i] = depth ? named[depth - 1] : NONE;
		if (code_is(cv, i, "{")) {
			open[depth] = (char)opens_record(cv, i);
			named[depth] = record_owner(cv, i, open, named, depth);
			depth++;
		} else if (code_is(cv, i, "}") && depth) {
			depth--;
		}
	}
	free(named);
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
	free(ix->record);
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
		d->record = ix->record[e->at[k]];
		d->type = type;
	}
}

/* is the record opening at token open the one spelled "struct tag" */
static int record_is(const struct code_view *cv, size_t open,
		     const char *record)
{
	size_t tag = open == NONE ? NONE : record_tag(cv, open);
	const struct token *kw, *name;

	if (tag == NONE)
		return 0;
	kw = cv->tok[tag - 1];
	name = cv->tok[tag];
	return strlen(record) == (size_t)(kw->end - kw->start) + 1 +
					 (size_t)(name->end - name->start) &&
	       !strncmp(record, cv->buf + kw->start, kw->end - kw->start) &&
	       record[kw->end - kw->start] == ' ' &&
	       !strncmp(record + (kw->end - kw->start) + 1,
			cv->buf + name->start, name->end - name->start);
}

/*
 * The type of the declaration of name that fits: a member of record
 * when record is given, else a member or not as member says.  The
 * nearest before offset before wins; with none before, the first after
 * it
 */
static char *nearest_type(const struct source_text *src, const char *name,
			  size_t before, int member, const char *record)
{
	struct decl_index *own, *ix = index_of(src, &own);
	struct name_entry *e = entry_of(ix, name);
	const char *best = NULL;
	char *type;
	size_t k;

	if (e && !e->decls_done)
		find_decls(ix, e);
	for (k = 0; e && k < e->nr_decls; k++) {
		const struct decl *d = &e->decls[k];

		if (best && d->start > before)
			break;
		if (d->member == member &&
		    (!record || record_is(&ix->cv, d->record, record)))
			best = d->type;
	}
	type = best ? xstrdup(best) : NULL;
	decl_index_free(own);
	return type;
}

char *decl_type(const struct source_text *src, const char *name, size_t before,
		int member)
{
	return nearest_type(src, name, before, member, NULL);
}

char *decl_member_type(const struct source_text *src, const char *record,
		       const char *name, size_t before)
{
	return nearest_type(src, name, before, 1, record);
}

/* the token after "#define" of directive d; -1 when d is no #define */
static size_t defined_name(const struct source_text *src, size_t d)
{
	const struct token_list *tl = src->tokens;
	size_t i = directive_name(tl, d);

	if (i == (size_t)-1 || !token_is(src->buf, &tl->tokens[i], "define") ||
	    i + 1 >= tl->nr)
		return (size_t)-1;
	return i + 1;
}

/*
 * The string of directive d's tokens from i on when they are string
 * literals (comments between them allowed), else NULL
 */
static char *defined_string(const struct source_text *src, size_t d, size_t i)
{
	const struct token_list *tl = src->tokens;
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;

	for (; i < tl->nr && tl->tokens[i].directive == d; i++) {
		if (tl->tokens[i].type == TOKEN_COMMENT)
			continue;
		if (tl->tokens[i].type != TOKEN_STRING)
			break;
		code_literal(&sb, src->buf, &tl->tokens[i]);
		n++;
	}
	if (n && (i >= tl->nr || tl->tokens[i].directive != d))
		return strbuf_detach(&sb, NULL);
	strbuf_release(&sb);
	return NULL;
}

static char *string_macro(const struct source_text *src, const char *name)
{
	const struct token_list *tl = src->tokens;
	size_t d;

	for (d = 1; d <= tl->nr_directives; d++) {
		size_t i = defined_name(src, d);
		char *value;

		if (i == (size_t)-1 ||
		    !token_is(src->buf, &tl->tokens[i], name))
			continue;
		value = defined_string(src, d, i + 1);
		if (value)
			return value;
	}
	return NULL;
}

void decl_string_macros(const struct source_text *src, struct strlist *list)
{
	const struct token_list *tl = src->tokens;
	size_t d;

	for (d = 1; d <= tl->nr_directives; d++) {
		size_t i = defined_name(src, d);
		const struct token *t;
		char *value;

		if (i == (size_t)-1)
			continue;
		value = defined_string(src, d, i + 1);
		if (!value)
			continue;
		t = &tl->tokens[i];
		strlist_pushf(list, "%.*s", (int)(t->end - t->start),
			      src->buf + t->start)
			->util = value;
	}
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

	if (i + 3 >= cv->nr || !code_is(cv, i + 1, "=") ||
	    !code_ident(cv, i + 2) || !code_is(cv, i + 3, "("))
		return NULL;
	for (k = i + 3; k < cv->nr; k++) {
		if (code_is(cv, k, "("))
			depth++;
		else if (code_is(cv, k, ")") && !--depth)
			break;
		else if (cv->tok[k]->type == TOKEN_STRING)
			literal = cv->tok[k];
	}
	if (!literal)
		return NULL;
	code_literal(&sb, cv->buf, literal);
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
