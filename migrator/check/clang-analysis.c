/*
 * clang-analysis.c - libclang's view of each call site (see
 * clang-analysis.h); the arguments come from clang-env.c, the fallbacks
 * from the file's own text from decl-lookup.c, each argument's type from
 * clang-expr-type.c.
 *
 * Contract: clang_analyse_file() creates and disposes its own CXIndex,
 * so files can be analysed on any number of threads.  Calls are
 * matched to the scan's records by clang-find.c; where the tree declares
 * the function as a macro (class_create() before 6.4), libclang sees
 * what it expands to (__class_create(owner, name, &__key)), each
 * argument found by where it is spelled.  Only the scan's call sites
 * are described; libclang never adds calls.  libclang itself is opened
 * at run time (clang-loader.c):
 * clang_env_init() fails without it, and a file analysed anyway is
 * described from its text, with the reason as its parse error.  When a
 * call libclang should keep is missing and the diagnostics name
 * undeclared CONFIG_ identifiers, or the conditionals around the call
 * need CONFIG_ symbols defined (config-guards.h), the file is parsed
 * once more with -DCONFIG_X=1 for each (at most MAX_CONFIG_RETRY), and
 * that parse is used when libclang accepts it and it keeps no fewer
 * calls.  An argument that is one identifier of
 * a call libclang did not see may be a string macro of the file's
 * headers: header-macro.c looks it up, reading each header once for
 * all the calls of the file's text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "clang-analysis.h"
#include "clang-calls.h"
#include "clang-expr-type.h"
#include "clang-find.h"
#include "clang-tu.h"
#include "config-guards.h"
#include "decl-lookup.h"
#include "expr-depth.h"
#include "header-macro.h"
#include "lexer.h"
#include "migration.h"
#include "scan.h"
#include "strbuf.h"
#include "tree-api.h"
#include "util.h"

#define MAX_CONFIG_RETRY 16 /* CONFIG_ values defined for a retry */

void clang_file_init(struct analysed_file *file, const char *path)
{
	memset(file, 0, sizeof(*file));
	file->path = xstrdup(path);
	strlist_init(&file->deps);
}

void clang_file_release(struct analysed_file *file)
{
	free(file->path);
	free(file->parse_error);
	strlist_clear(&file->deps, 0);
	memset(file, 0, sizeof(*file));
}

void call_analysis_init(struct call_analysis *call,
			const struct call_site *site, const struct migration *m,
			const struct tree_api *api,
			const struct analysed_file *file, size_t index)
{
	size_t i;

	memset(call, 0, sizeof(*call));
	call->site = site;
	call->migration = m;
	call->api = api;
	call->file = file;
	call->index_in_file = index;
	call->form = site->kind;
	call->nr_args = site->nr_args;
	call->args =
		xcalloc(site->nr_args ? site->nr_args : 1, sizeof(*call->args));
	for (i = 0; i < site->nr_args; i++)
		call->args[i].text = site->args[i].text;
}

static void argument_release(struct call_argument *arg)
{
	free(arg->type);
	free(arg->canonical);
	free(arg->literal);
	free(arg->created_as);
}

void call_analysis_release(struct call_analysis *call)
{
	size_t i;

	for (i = 0; i < call->nr_args; i++)
		argument_release(&call->args[i]);
	free(call->args);
	free(call->declared_in);
	memset(call, 0, sizeof(*call));
}

void call_form_reason_text(const struct call_analysis *call, struct strbuf *out)
{
	if (call->form_reason == CALL_FORM_FROM_SCAN)
		return;
	strbuf_addf(out,
		    "the argument types libclang gives fit only the %s "
		    "prototype%s",
		    call->form == CALL_SITE_NEW ? "new" : "old",
		    call->form_reason == CALL_FORM_BY_TYPES_EXCHANGED ?
			    ", once two are exchanged" :
			    "");
}

/* the file and offset a location is spelled at; NULL: none */
static char *spelled_at(CXSourceLocation loc, unsigned int *offset)
{
	CXFile file;
	CXString name;
	char *path;

	clang_getSpellingLocation(loc, &file, NULL, NULL, offset);
	if (!file)
		return NULL;
	name = clang_getFileName(file);
	path = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	return path;
}

/*
 * The file of the first declaration of what the call calls, relative
 * to tree when it is in it; NULL when there is none or it is implicit
 * (made by the function's first call: clang-expr-type.h)
 */
static char *declaration_file(const char *tree, CXCursor call)
{
	CXCursor decl = clang_getCursorReferenced(call);
	unsigned int at;
	char *path;
	size_t n = strlen(tree);

	if (clang_Cursor_isNull(decl) ||
	    !clang_isDeclaration(clang_getCursorKind(decl)) ||
	    clang_implicit_declaration(decl))
		return NULL;
	path = spelled_at(
		clang_getCursorLocation(clang_getCanonicalCursor(decl)), &at);
	if (path && (strstr(path, "/./") || strstr(path, "/../"))) {
		/* "drivers/x/../../include/...": the tree's own name */
		char *real = realpath(path, NULL);

		if (real) {
			free(path);
			path = real;
		}
	}
	if (path && !strncmp(path, tree, n) && path[n] == '/')
		memmove(path, path + n + 1, strlen(path + n + 1) + 1);
	return path;
}

static void fill_call(const struct clang_env *env, struct call_analysis *call,
		      const struct clang_call *cc)
{
	size_t i;

	if (!cc->named) {
		/* the macro's expansion: each argument where it is spelled */
		for (i = 0; i < call->nr_args; i++) {
			unsigned int start = call->site->args[i].start;
			int argno = call_argument_at(cc->cursor, start);

			clang_argument_type(
				&call->args[i],
				clang_Cursor_getArgument(cc->cursor,
							 (unsigned int)argno));
		}
		call->seen_by_libclang = 1;
		return;
	}
	call->declared_in = declaration_file(env->tree, cc->cursor);
	if ((size_t)clang_Cursor_getNumArguments(cc->cursor) != call->nr_args)
		return; /* a macro hides arguments: use the text */
	for (i = 0; i < call->nr_args; i++)
		clang_argument_type(&call->args[i],
				    clang_Cursor_getArgument(cc->cursor,
							     (unsigned int)i));
	call->seen_by_libclang = 1;
}

/* line and column of the argument, counted from the function name's */
static void arg_position(struct call_argument *arg,
			 const struct call_site *site, const char *text,
			 size_t len, size_t start)
{
	size_t i, line_start = site->name_offset - (site->column - 1);

	arg->line = (unsigned int)site->line;
	if (start > len || start < site->name_offset)
		start = site->name_offset;
	for (i = site->name_offset; i < start; i++)
		if (lex_line_end(text, len, i)) {
			arg->line++;
			line_start = i + 1;
		}
	arg->column = (unsigned int)(start - line_start + 1);
}

/* where the text fallbacks read the tree, and what they read */
struct fallback_env {
	const struct clang_env *env;
	struct header_lookup headers;
	struct header_macros *macros; /* made by the first lookup, or NULL */
	struct decl_index *decls;     /* of the file's text */
};

/*
 * An argument that is one identifier, a macro of the file's headers for
 * a string: its value, as libclang gives it for the calls it sees (so
 * both sides of a comparison read a format the same way)
 */
static void header_literal(struct fallback_env *fb,
			   const struct call_analysis *call,
			   struct call_argument *arg, const char *text,
			   const struct token_list *tokens)
{
	const char *p = arg->text;

	if (!p || !*p || !fb->headers.tree)
		return;
	for (; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z') ||
		      (p > arg->text && *p >= '0' && *p <= '9')))
			return;
	if (!fb->macros)
		fb->macros = header_macros_new(&fb->headers, call->file->path,
					       text, tokens);
	arg->literal = header_macros_find(fb->macros, arg->text);
	if (!arg->literal)
		return;
	arg->is_literal = 1;
	if (!arg->type) {
		arg->type = xstrdup("char *");
		arg->type_source = TYPE_FROM_DECLARATION;
	}
}

/* what the file's text says, for what libclang left unknown */
static void fallback_types(struct fallback_env *fb, struct call_analysis *call,
			   const char *text, size_t len,
			   const struct token_list *tokens)
{
	struct source_text src = { text, len, tokens, &call->migration->kernel,
				   fb->decls };
	size_t i;

	for (i = 0; i < call->nr_args; i++) {
		struct call_argument *arg = &call->args[i];
		struct expr_guess guess;

		arg_position(arg, call->site, text, len,
			     call->site->args[i].start);
		arg->created_as = decl_created_name(&src, arg->text);
		if (arg->type || call->file->by_base)
			continue;
		guess_expression(&src, arg->text, call->site->args[i].start,
				 &guess);
		if (guess.type) {
			arg->type = guess.type;
			arg->type_source = guess.from_declaration ?
						   TYPE_FROM_DECLARATION :
						   TYPE_FROM_SHAPE;
			guess.type = NULL;
		}
		if (!call->seen_by_libclang) {
			arg->is_null = guess.is_null;
			arg->is_literal = guess.is_literal;
			arg->literal = guess.literal;
			guess.literal = NULL;
			if (!arg->is_literal)
				header_literal(fb, call, arg, text, tokens);
		}
		expr_guess_release(&guess);
	}
}

/*
 * An argument that names a CONFIG_ symbol of configs, which a retry
 * defined to 1: its type and value are made up (CONFIG_CMDLINE is a
 * string), so it keeps none of libclang's
 */
static void forget_configs(struct call_analysis *call,
			   const struct strlist *configs)
{
	size_t i, k;

	for (i = 0; i < call->nr_args; i++) {
		struct call_argument *arg = &call->args[i];

		for (k = 0; k < configs->nr; k++)
			if (scan_mentions(arg->text, strlen(arg->text),
					  configs->items[k].string))
				break;
		if (k == configs->nr)
			continue;
		free(arg->type);
		free(arg->canonical);
		arg->type = arg->canonical = NULL;
		arg->type_source = TYPE_FROM_NONE;
		arg->is_null = 0;
	}
}

static int compare_offsets(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* how many of v's calls libclang should keep cf has */
static size_t calls_kept(const struct call_finder *cf,
			 const struct clang_variant *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->nr; i++)
		n += call_expected_to_parse(&v->calls[i]) &&
		     call_finder_match(cf, v->calls[i].site);
	return n;
}

/*
 * The parse again with CONFIG_ symbols defined to 1 (in *configs): the
 * undeclared ones, and those the conditionals around a missing call
 * need (config-guards.h), when there are any and libclang parses it:
 * the new translation unit, its calls in cf; else NULL and cf as it
 * was.  A parse that keeps fewer calls (the symbols left out an "#else"
 * that held some) is not taken.
 */
static CXTranslationUnit
retry_with_configs(const struct clang_env *env, CXIndex index,
		   const struct clang_text *t, CXTranslationUnit tu,
		   struct call_finder *cf, const struct clang_variant *v,
		   const struct token_list *tokens, struct strlist *configs)
{
	size_t *missing = xcalloc(v->nr, sizeof(*missing));
	size_t i, n = 0, kept = calls_kept(cf, v);
	CXTranslationUnit again;
	char *why = NULL;

	clang_tu_undeclared_configs(tu, configs, MAX_CONFIG_RETRY);
	for (i = 0; i < v->nr; i++)
		if (call_expected_to_parse(&v->calls[i]) &&
		    !call_finder_match(cf, v->calls[i].site))
			missing[n++] = v->calls[i].site->name_offset;
	sane_qsort(missing, n, sizeof(*missing), compare_offsets);
	config_guards(v->text, tokens, missing, n, configs, MAX_CONFIG_RETRY);
	free(missing);
	if (!configs->nr)
		return NULL;
	again = clang_tu_parse(env, index, t, configs, 0, &why);
	free(why);
	if (!again)
		return NULL;
	call_finder_find(cf, again, t->abs, v->calls, v->nr);
	if (calls_kept(cf, v) >= kept)
		return again;
	clang_disposeTranslationUnit(again);
	call_finder_find(cf, tu, t->abs, v->calls, v->nr);
	return NULL;
}

/*
 * The unit for variant v: *shared reparsed when there is one, else a
 * new parse kept in *shared (reusable when more variants follow); NULL
 * with *why when libclang fails
 */
static CXTranslationUnit parse_variant(const struct clang_env *env,
				       CXIndex index, CXTranslationUnit *shared,
				       const struct clang_text *t, int reusable,
				       char **why)
{
	if (*shared && clang_tu_reparse(env, *shared, t, why) < 0) {
		clang_disposeTranslationUnit(*shared);
		*shared = NULL;
		free(*why);
		*why = NULL;
	}
	if (!*shared)
		*shared = clang_tu_parse(env, index, t, NULL, reusable, why);
	return *shared;
}

/* the records of one text of the file from the unit (NULL: its text) */
static void describe_variant(const struct clang_env *env, CXIndex index,
			     CXTranslationUnit tu, struct clang_variant *v,
			     const struct clang_text *t,
			     const struct token_list *tokens,
			     struct clang_inclusions *known, char *why)
{
	struct call_finder cf = { .calls = NULL };
	struct fallback_env fb = { .env = env,
				   .headers = { env->tree, v->overlay, NULL,
						env->headers } };
	struct strlist configs = STRLIST_INIT;
	const struct migration *m = v->calls[0].migration;
	const struct migration *family = m->family ? m->family : m;
	CXTranslationUnit again = NULL;
	size_t i, expected = 0;

	family->kind->names(family, cf.names);
	cf.macro = v->calls[0].api->macro;
	fb.headers.read = &v->file->deps;
	if (tu)
		call_finder_find(&cf, tu, t->abs, v->calls, v->nr);
	if (tu && call_finder_missing(&cf, v->calls, v->nr))
		again = retry_with_configs(env, index, t, tu, &cf, v, tokens,
					   &configs);
	if (again)
		tu = again;
	fb.decls = decl_index_new(v->text, tokens);
	for (i = 0; i < v->nr; i++) {
		struct call_analysis *call = &v->calls[i];
		const struct clang_call *cc =
			call_finder_match(&cf, call->site);

		if (cc)
			fill_call(env, call, cc);
		if (cc && again)
			forget_configs(call, &configs);
		if (call->seen_by_libclang)
			v->file->nr_seen++;
		else if (call_expected_to_parse(call))
			expected++;
		fallback_types(&fb, call, v->text, v->len, tokens);
	}
	if (tu && expected && !v->file->nr_seen) {
		char *error = clang_tu_first_error(tu);

		if (error)
			why = xstrfmt("none of its calls survived the parse "
				      "(first error: %s)%s",
				      error,
				      configs.nr ? ", even with its CONFIG_ "
						   "symbols defined to 1" :
						   "");
		free(error);
	}
	if (again)
		clang_tu_inclusions(env, again, &v->file->deps);
	else if (tu)
		clang_tu_inclusions_of(env, tu, t, known, &v->file->deps);
	if (why) {
		free(v->file->parse_error);
		v->file->parse_error = why;
	}
	strlist_clear(&configs, 0);
	header_macros_free(fb.macros);
	decl_index_free(fb.decls);
	call_finder_release(&cf);
	if (again)
		clang_disposeTranslationUnit(again);
}

/*
 * NULL, or why the text is not handed to libclang: an expression past
 * the limit (env->max_expr_depth, expr-depth.h), marked on the file
 */
static char *too_deep(const struct clang_env *env, struct clang_variant *v,
		      const struct token_list *tokens)
{
	size_t offset, depth = expr_depth(v->text, tokens, &offset);
	size_t line = 1, i;

	if (!env->max_expr_depth || depth <= env->max_expr_depth)
		return NULL;
	for (i = 0; i < offset; i++)
		line += lex_line_end(v->text, v->len, i);
	v->file->too_deep = (unsigned int)line;
	return xstrfmt("an expression at line %zu nests %zu operators deep, "
		       "past the limit of %zu",
		       line, depth, env->max_expr_depth);
}

void clang_analyse_variants(const struct clang_env *env,
			    struct clang_variant *variants, size_t nr,
			    int reuse)
{
	struct clang_inclusions known = CLANG_INCLUSIONS_INIT;
	CXTranslationUnit shared = NULL;
	CXIndex index = NULL;
	size_t k, to_parse = 0;
	char *abs;

	if (!nr)
		return;
	abs = xstrfmt("%s/%s", env->tree, variants[0].file->path);
	for (k = 0; k < nr; k++)
		to_parse += variants[k].nr && !variants[k].file->parse_error &&
			    !variants[k].file->text_only;
	if (to_parse && !env->lexer_only && !clang_loader_init())
		index = clang_createIndex(0, 0);
	for (k = 0; k < nr; k++) {
		struct clang_variant *v = &variants[k];
		struct clang_text t = { abs, v->text, v->len, v->overlay };
		struct token_list tokens = TOKEN_LIST_INIT;
		CXTranslationUnit tu = NULL;
		char *why = NULL;

		v->file->nr_calls = v->nr;
		if (!v->nr)
			continue;
		lex_buffer(v->text, v->len, &tokens);
		if (env->lexer_only || v->file->parse_error ||
		    v->file->text_only)
			; /* described from the text only */
		else if ((why = too_deep(env, v, &tokens)))
			; /* libclang would overflow its stack */
		else if (!index)
			why = xstrdup("libclang could not be loaded");
		else
			tu = parse_variant(env, index, &shared, &t,
					   reuse && to_parse > 1, &why);
		describe_variant(env, index, tu, v, &t, &tokens, &known, why);
		token_list_release(&tokens);
	}
	clang_inclusions_release(&known);
	if (shared)
		clang_disposeTranslationUnit(shared);
	if (index)
		clang_disposeIndex(index);
	free(abs);
}

void clang_analyse_file(const struct clang_env *env, struct analysed_file *file,
			const char *text, size_t len,
			struct call_analysis *calls, size_t nr)
{
	struct clang_variant v = { file, text, len, NULL, calls, nr };

	clang_analyse_variants(env, &v, 1, 0);
}
