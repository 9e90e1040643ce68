/*
 * tree-api.c - which prototype the tree declares (see tree-api.h; its
 * C types are c-type.c's).
 *
 * The migration's header may be a list of paths and globs (a macro each
 * architecture defines): each glob is expanded in the tree, sorted, and
 * the first file that declares the name is the one read.  A header is
 * read with the call-site lexer: conditionals are followed
 * the way a default build sees them (__KERNEL__ and the header's own
 * #defines are set, nothing else; an #if too complex to evaluate counts as
 * true), and the first "function(" in compiled code with a type before it
 * is the declaration.  Its parameters are counted at the commas outside
 * parentheses; "(void)" has none and "..." makes it variadic.  Anything
 * unusual ends as API_UNKNOWN with the reason, never as a wrong answer.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "tree-api.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

/* one level of #if nesting */
struct cond_frame {
	int outer_active; /* the enclosing region is compiled */
	int active;	  /* this branch is compiled */
	int taken;	  /* some branch of this #if was compiled */
};

struct header_reader {
	const char *text;
	struct token_list tokens;
	struct strlist defined; /* macros defined so far */
	struct cond_frame *stack;
	size_t depth, alloc;
	int active;
};

/* the directive's tokens after its name: [*first, *end) */
static void directive_args(const struct header_reader *hr, size_t name,
			   size_t *first, size_t *end)
{
	size_t d = hr->tokens.tokens[name].directive, i;

	*first = name + 1;
	for (i = *first; i < hr->tokens.nr; i++)
		if (hr->tokens.tokens[i].directive != d)
			break;
	*end = i;
}

static int is_defined(const struct header_reader *hr, size_t tok)
{
	const struct token *t = &hr->tokens.tokens[tok];
	char *name = xstrndup(hr->text + t->start, t->end - t->start);
	int ret = strlist_find(&hr->defined, name) >= 0;

	free(name);
	return ret;
}

/*
 * The value of a simple #if: a number, [!]defined NAME, [!]defined(NAME).
 * Anything else counts as true: a declaration under an unknown condition
 * is still a declaration the tree has.
 */
static int eval_condition(const struct header_reader *hr, size_t first,
			  size_t end)
{
	const struct token *t = hr->tokens.tokens;
	int negate = 0;

	while (first < end && t[first].type == TOKEN_COMMENT)
		first++;
	if (first < end && token_is(hr->text, &t[first], "!")) {
		negate = 1;
		first++;
	}
	if (first + 1 == end && t[first].type == TOKEN_NUMBER)
		return negate ^
		       (strtol(hr->text + t[first].start, NULL, 0) != 0);
	if (first < end && token_is(hr->text, &t[first], "defined")) {
		first++;
		if (first < end && token_is(hr->text, &t[first], "("))
			first++;
		if (first < end && t[first].type == TOKEN_IDENT)
			return negate ^ is_defined(hr, first);
	}
	return 1;
}

static void push_cond(struct header_reader *hr, int value)
{
	struct cond_frame *f;

	ALLOC_GROW(hr->stack, hr->depth + 1, hr->alloc);
	f = &hr->stack[hr->depth++];
	f->outer_active = hr->active;
	f->active = value;
	f->taken = value;
	hr->active = f->outer_active && value;
}

static void else_cond(struct header_reader *hr, int value)
{
	struct cond_frame *f;

	if (!hr->depth)
		return;
	f = &hr->stack[hr->depth - 1];
	f->active = !f->taken && value;
	f->taken |= f->active;
	hr->active = f->outer_active && f->active;
}

static void run_directive(struct header_reader *hr, size_t name)
{
	const char *text = hr->text;
	const struct token *t = &hr->tokens.tokens[name];
	size_t first, end;

	directive_args(hr, name, &first, &end);
	if (token_is(text, t, "ifdef") || token_is(text, t, "ifndef")) {
		int value = first < end && is_defined(hr, first);

		push_cond(hr, token_is(text, t, "ifdef") ? value : !value);
	} else if (token_is(text, t, "if")) {
		push_cond(hr, eval_condition(hr, first, end));
	} else if (token_is(text, t, "elif")) {
		else_cond(hr, eval_condition(hr, first, end));
	} else if (token_is(text, t, "else")) {
		else_cond(hr, 1);
	} else if (token_is(text, t, "endif")) {
		if (hr->depth)
			hr->active = hr->stack[--hr->depth].outer_active;
	} else if (token_is(text, t, "define") && hr->active && first < end) {
		const struct token *m = &hr->tokens.tokens[first];

		strlist_pushf(&hr->defined, "%.*s", (int)(m->end - m->start),
			      text + m->start);
	}
}

/* the next token that is not a comment, from i on; nr when none */
static size_t next_code(const struct token_list *list, size_t i)
{
	while (i < list->nr && list->tokens[i].type == TOKEN_COMMENT)
		i++;
	return i;
}

/* count the parameters from the '(' at token open */
static int count_params(const struct header_reader *hr, size_t open, size_t *nr,
			int *variadic)
{
	const struct token *t = hr->tokens.tokens;
	size_t i, tokens_in_param = 0;
	int depth = 0, is_void = 0;

	*nr = 0;
	*variadic = 0;
	for (i = open + 1; i < hr->tokens.nr; i++) {
		const char *s = hr->text + t[i].start;

		if (t[i].type == TOKEN_COMMENT || t[i].directive)
			continue;
		if (*s == '(' && t[i].type == TOKEN_PUNCT) {
			depth++;
		} else if (*s == ')' && t[i].type == TOKEN_PUNCT && depth) {
			depth--;
		} else if (t[i].type == TOKEN_PUNCT && !depth &&
			   (*s == ',' || *s == ')')) {
			if (is_void && tokens_in_param == 1 && *s == ')' &&
			    !*nr)
				return 0; /* "(void)" */
			if (tokens_in_param)
				(*nr)++;
			if (*s == ')')
				return 0;
			tokens_in_param = 0;
			continue;
		}
		if (token_is(hr->text, &t[i], "...")) {
			*variadic = 1;
			continue;
		}
		is_void = !tokens_in_param && token_is(hr->text, &t[i], "void");
		tokens_in_param++;
	}
	return -1;
}

static unsigned int line_of(const char *text, size_t offset)
{
	unsigned int line = 1;
	size_t i;

	for (i = 0; i < offset; i++)
		if (text[i] == '\n')
			line++;
	return line;
}

/* is token i the name in a declaration: a type before it, '(' after */
static int is_declaration(const struct header_reader *hr, size_t i,
			  const char *name)
{
	const struct token *t = hr->tokens.tokens;
	size_t prev = i, next;

	if (t[i].type != TOKEN_IDENT || t[i].directive ||
	    !token_is(hr->text, &t[i], name))
		return 0;
	next = next_code(&hr->tokens, i + 1);
	if (next == hr->tokens.nr || !token_is(hr->text, &t[next], "("))
		return 0;
	while (prev && t[prev - 1].type == TOKEN_COMMENT)
		prev--;
	if (!prev)
		return 0;
	prev--;
	return t[prev].type == TOKEN_IDENT || token_is(hr->text, &t[prev], "*");
}

/* "#define name(" in a compiled region: a function-like macro */
static int is_macro_declaration(const struct header_reader *hr,
				size_t directive, const char *name)
{
	size_t def = define_name(&hr->tokens, hr->text, directive);

	return hr->active && def != (size_t)-1 &&
	       token_is(hr->text, &hr->tokens.tokens[def], name) &&
	       define_is_function_like(&hr->tokens, hr->text, def);
}

/*
 * The token of the declaration of name, in a compiled region, or -1: a
 * function's name, or the name of a function-like macro (*macro set).
 */
static size_t find_declaration(struct header_reader *hr, const char *name,
			       int *macro)
{
	size_t i, directive = 0;

	*macro = 0;
	for (i = 0; i < hr->tokens.nr; i++) {
		const struct token *t = &hr->tokens.tokens[i];

		if (t->directive) {
			if (t->directive != directive) {
				size_t dname;

				directive = t->directive;
				dname = directive_name(&hr->tokens, directive);
				if (dname != (size_t)-1)
					run_directive(hr, dname);
				if (is_macro_declaration(hr, directive, name)) {
					*macro = 1;
					return define_name(&hr->tokens,
							   hr->text, directive);
				}
			}
			continue;
		}
		if (hr->active && is_declaration(hr, i, name))
			return i;
	}
	return (size_t)-1;
}

/* count a function-like macro's parameters from its '(' at open */
static int count_macro_params(const struct header_reader *hr, size_t open,
			      size_t *nr, int *variadic)
{
	const struct token *t = hr->tokens.tokens;
	size_t d = t[open].directive, i;
	int named = 0;

	*nr = 0;
	*variadic = 0;
	for (i = open + 1; i < hr->tokens.nr && t[i].directive == d; i++) {
		if (token_is(hr->text, &t[i], ")")) {
			*nr += named;
			return 0;
		}
		if (token_is(hr->text, &t[i], "...")) {
			*variadic = 1;
		} else if (token_is(hr->text, &t[i], ",")) {
			*nr += named;
			named = 0;
		} else if (t[i].type == TOKEN_IDENT) {
			named = 1;
		}
	}
	return -1;
}

/* why the API is unknown, and the name it is about (or none) */
static void set_reason(struct tree_api *api, enum tree_api_reason why,
		       const char *name)
{
	api->why = why;
	free(api->name);
	api->name = name ? xstrdup(name) : NULL;
}

/* the form whose prototype the declaration of a name fits */
static enum api_form compare_form(const struct tree_api *api,
				  const struct migration *m, const char *name)
{
	const int renamed = migration_renames(m);

	if ((!renamed || !strcmp(name, m->new_function)) &&
	    api->nr_params == m->new_proto.nr_params &&
	    api->variadic == m->new_proto.variadic)
		return API_NEW;
	if ((!renamed || !strcmp(name, m->function)) &&
	    api->nr_params == m->old_proto.nr_params &&
	    api->variadic == m->old_proto.variadic)
		return API_OLD;
	return API_UNKNOWN;
}

static void set_used(struct tree_api *api)
{
	api->used = api->declared;
	api->fallback = api->declared == API_UNKNOWN;
	if (api->fallback)
		api->used = API_NEW;
}

/* read the declaration of name; 0, or -1 when the header has none */
static int read_declaration(struct tree_api *api, const char *text,
			    const struct migration *m, const char *name)
{
	struct header_reader hr = {
		text, TOKEN_LIST_INIT, STRLIST_INIT, NULL, 0, 0, 1
	};
	size_t decl, open;
	int ret = 0, bad;

	strlist_push(&hr.defined, "__KERNEL__");
	lex_buffer(text, strlen(text), &hr.tokens);
	decl = find_declaration(&hr, name, &api->macro);
	if (decl == (size_t)-1) {
		ret = -1;
		goto out_release;
	}
	set_reason(api, TREE_API_KNOWN, NULL);
	api->line = line_of(text, hr.tokens.tokens[decl].start);
	open = api->macro ? decl + 1 : next_code(&hr.tokens, decl + 1);
	bad = api->macro ?
		      count_macro_params(&hr, open, &api->nr_params,
					 &api->variadic) :
		      count_params(&hr, open, &api->nr_params, &api->variadic);
	if (bad < 0) {
		api->declared = API_UNKNOWN;
		set_reason(api, TREE_API_UNREADABLE_PARAMS, name);
		goto out_release;
	}
	api->declared = compare_form(api, m, name);
	if (api->declared == API_UNKNOWN)
		set_reason(api, TREE_API_NEITHER_PROTOTYPE, name);
out_release:
	token_list_release(&hr.tokens);
	strlist_clear(&hr.defined, 0);
	free(hr.stack);
	return ret;
}

void tree_api_from_text(struct tree_api *api, const char *text,
			const char *path, const struct migration *m)
{
	if (!api->header)
		api->header = xstrdup(path);
	/* a renamed function: the new name first, then the old one */
	if (read_declaration(api, text, m, m->new_function) < 0 &&
	    (!migration_renames(m) ||
	     read_declaration(api, text, m, m->function) < 0)) {
		api->declared = API_UNKNOWN;
		set_reason(api, TREE_API_NOT_DECLARED, m->function);
	}
	/* the new name, and the old one still beside it: both */
	if (api->declared == API_NEW && migration_renames(m)) {
		struct tree_api old;

		memset(&old, 0, sizeof(old));
		if (!read_declaration(&old, text, m, m->function) &&
		    old.declared == API_OLD)
			api->both = 1;
		free(old.name);
	}
	set_used(api);
}

/* header's words, each glob expanded in the tree (sorted), in order */
static void header_paths(const char *tree, const char *header,
			 struct strlist *paths)
{
	char *copy = xstrdup(header), *save = NULL, *word;
	size_t skip = strlen(tree) + 1, i;

	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		char *pattern;
		glob_t g;

		if (!strpbrk(word, "*?[")) {
			strlist_push(paths, word);
			continue;
		}
		pattern = xstrfmt("%s/%s", tree, word);
		if (!glob(pattern, 0, NULL, &g))
			for (i = 0; i < g.gl_pathc; i++)
				strlist_push(paths, g.gl_pathv[i] + skip);
		if (g.gl_pathv)
			globfree(&g);
		free(pattern);
	}
	free(copy);
}

/* one header of the list; 0 when it declares the function */
static int read_one_header(struct tree_api *api, const char *tree,
			   const struct tree_overlay *overlay, const char *path,
			   const struct migration *m)
{
	struct strbuf text = STRBUF_INIT;
	int ret = -1;

	free(api->header);
	api->header = xstrdup(path);
	if (tree_overlay_read(overlay, tree, path, &text) < 0) {
		api->declared = API_UNKNOWN;
		set_reason(api, TREE_API_UNREADABLE, NULL);
		api->error = errno;
	} else {
		tree_api_from_text(api, text.buf, path, m);
		ret = api->why == TREE_API_NOT_DECLARED ? -1 : 0;
	}
	strbuf_release(&text);
	return ret;
}

/* the new name in the migration's new-header: API_NEW, maybe both */
static void read_new_header(struct tree_api *api, const char *tree,
			    const struct tree_overlay *overlay,
			    const struct migration *m)
{
	struct strbuf text = STRBUF_INIT;
	struct tree_api t;

	memset(&t, 0, sizeof(t));
	if (tree_overlay_read(overlay, tree, m->new_header, &text) < 0 ||
	    read_declaration(&t, text.buf, m, m->new_function) < 0 ||
	    t.declared != API_NEW)
		goto out_release;
	api->both = api->declared == API_OLD;
	api->declared = API_NEW;
	free(api->header);
	api->header = xstrdup(m->new_header);
	api->line = t.line;
	api->nr_params = t.nr_params;
	api->variadic = t.variadic;
	api->macro = t.macro;
	set_reason(api, TREE_API_KNOWN, NULL);
	set_used(api);
out_release:
	free(t.name);
	strbuf_release(&text);
}

int tree_api_read_overlay(struct tree_api *api, const char *tree,
			  const struct tree_overlay *overlay,
			  const struct migration *m)
{
	struct strlist paths = STRLIST_INIT;
	size_t i;
	int found = 0;

	memset(api, 0, sizeof(*api));
	if (!m->function || !m->header)
		return error("migration '%s' names no function or header",
			     m->name ? m->name : "?");
	header_paths(tree, m->header, &paths);
	for (i = 0; !found && i < paths.nr; i++)
		found = !read_one_header(api, tree, overlay,
					 paths.items[i].string, m);
	/* none declares it: say so of the list, unless it is one file */
	if (!found &&
	    (strpbrk(m->header, " *?[") || api->why != TREE_API_UNREADABLE)) {
		free(api->header);
		api->header = xstrdup(m->header);
		api->declared = API_UNKNOWN;
		set_reason(api, TREE_API_NOT_DECLARED, m->function);
	}
	if (m->new_header && migration_renames(m) && api->declared != API_NEW)
		read_new_header(api, tree, overlay, m);
	set_used(api);
	strlist_clear(&paths, 0);
	return 0;
}

int tree_api_read(struct tree_api *api, const char *tree,
		  const struct migration *m)
{
	return tree_api_read_overlay(api, tree, NULL, m);
}

void tree_api_release(struct tree_api *api)
{
	free(api->header);
	free(api->name);
	memset(api, 0, sizeof(*api));
}

void tree_api_reason_text(const struct tree_api *api, struct strbuf *out)
{
	const char *header = api->header ? api->header : "?";
	const char *name = api->name ? api->name : "?";
	char err[128];

	switch (api->why) {
	case TREE_API_KNOWN:
	case TREE_API_REASON_NR:
		break;
	case TREE_API_UNREADABLE:
		strbuf_addf(out, "cannot read '%s': %s", header,
			    tree_fs_strerror(api->error, err, sizeof(err)));
		break;
	case TREE_API_NOT_DECLARED:
		strbuf_addf(out, "'%s' does not declare '%s'", header, name);
		break;
	case TREE_API_UNREADABLE_PARAMS:
		strbuf_addf(out, "%s:%u: cannot read the parameters of '%s'",
			    header, api->line, name);
		break;
	case TREE_API_NEITHER_PROTOTYPE:
		strbuf_addf(out,
			    "%s:%u: '%s' takes %zu parameters%s, neither the "
			    "old nor the new prototype",
			    header, api->line, name, api->nr_params,
			    api->variadic ? " and '...'" : "");
		break;
	}
}

const char *tree_api_describe(const struct tree_api *api)
{
	if (api->fallback)
		return api->used == API_OLD ? "old (fallback)" :
					      "new (fallback)";
	return api->used == API_OLD ? "old" : "new";
}

const struct migration_prototype *tree_api_prototype(const struct tree_api *api,
						     const struct migration *m)
{
	return api->used == API_OLD ? &m->old_proto : &m->new_proto;
}
