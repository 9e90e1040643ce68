/*
 * clang-callback.c - libclang's view of a callback migration's members
 * (see clang-callback.h).
 *
 * Contract: each version of a file is parsed plainly (clang-tu.h; a
 * parse error of a partial kernel is tolerated) with an index of its
 * own, so files can be described in any worker.  One walk of the unit
 * finds each member occurrence of the scan by where libclang spells it:
 * a member designator of an initializer (CXCursor_MemberRef) or the
 * member of an assignment's left side (CXCursor_MemberRefExpr); its
 * parent's last child is the value.  The function is the first
 * reference to a function in the value, else the scan's function by
 * name among the unit's declarations.  A file libclang cannot parse,
 * or one already marked with a parse error (check-analyse.c: a
 * crashed worker), keeps records nobody saw: check judges those from
 * the scan alone.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-site.h"
#include "callback.h"
#include "clang-callback.h"
#include "clang-calls.h"
#include "clang-tu.h"
#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

int callback_site_is_member(const struct call_site *cs)
{
	return cs->standalone && callback_site_at_member(cs);
}

int callback_is_record(const struct call_analysis *call)
{
	return call->nr_args == CALLBACK_ARG_NR &&
	       callback_site_is_member(call->site);
}

void callback_record_init(struct call_analysis *call,
			  const struct call_site *site,
			  const struct migration *m,
			  const struct analysed_file *file, size_t index)
{
	call_analysis_init(call, site, m, NULL, file, index);
	free(call->args);
	call->nr_args = CALLBACK_ARG_NR;
	call->args = xcalloc(CALLBACK_ARG_NR, sizeof(*call->args));
	call->args[CALLBACK_ARG_FUNCTION].text = site->local_name;
}

/* libclang's string, copied (NULL for an empty one) */
static char *take_string(CXString s)
{
	const char *c = clang_getCString(s);
	char *copy = c && *c ? xstrdup(c) : NULL;

	clang_disposeString(s);
	return copy;
}

static void set_type(struct call_argument *arg, CXType type)
{
	CXType canonical = clang_getCanonicalType(type);

	if (type.kind == CXType_Invalid)
		return;
	arg->type = take_string(clang_getTypeSpelling(type));
	arg->canonical = take_string(clang_getTypeSpelling(canonical));
	arg->type_source = TYPE_FROM_LIBCLANG;
}

/* where a cursor is spelled: its file (NULL: none) and position */
static char *spelling_of(CXCursor c, unsigned int *line, unsigned int *column,
			 unsigned int *offset)
{
	CXFile file;

	clang_getSpellingLocation(clang_getCursorLocation(c), &file, line,
				  column, offset);
	return file ? take_string(clang_getFileName(file)) : NULL;
}

/* path relative to tree when it is in it */
static char *tree_relative(const char *tree, char *path)
{
	size_t n = strlen(tree);

	if (path && !strncmp(path, tree, n) && path[n] == '/')
		memmove(path, path + n + 1, strlen(path + n + 1) + 1);
	return path;
}

/* the walk of one unit: the records of one version, by offset */
struct callback_walk {
	const struct clang_env *env;
	struct clang_variant *v;
	const char *abs; /* the file's own path */
	CXTranslationUnit tu;
	/* a cursor found by a visit: the last child, a function, a return */
	CXCursor found;
	const char *name; /* the function looked up by name */
};

/* the record whose member is spelled at offset, or NULL */
static struct call_analysis *record_at(const struct callback_walk *w,
				       unsigned int offset)
{
	size_t lo = 0, hi = w->v->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		size_t at = w->v->calls[mid].site->name_offset;

		if (at == offset)
			return &w->v->calls[mid];
		if (at < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static enum CXChildVisitResult last_child(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	((struct callback_walk *)data)->found = c;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult first_function(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct callback_walk *w = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	w->found = ref;
	return CXChildVisit_Break;
}

static enum CXChildVisitResult function_named(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct callback_walk *w = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	name = take_string(clang_getCursorSpelling(c));
	if (name && !strcmp(name, w->name))
		w->found = c;
	free(name);
	return CXChildVisit_Continue;
}

/* the function value gives: referenced in it, else the scan's by name */
static CXCursor given_function(struct callback_walk *w, CXCursor value,
			       const char *scanned)
{
	CXCursor def;

	w->found = clang_getNullCursor();
	if (clang_getCursorKind(value) == CXCursor_DeclRefExpr)
		first_function(value, value, w);
	else
		clang_visitChildren(value, first_function, w);
	if (clang_Cursor_isNull(w->found) && scanned) {
		w->name = scanned;
		clang_visitChildren(clang_getTranslationUnitCursor(w->tu),
				    function_named, w);
	}
	if (clang_Cursor_isNull(w->found))
		return w->found;
	def = clang_getCursorDefinition(w->found);
	return clang_Cursor_isNull(def) ? w->found : def;
}

/*
 * w->found, a return statement's value: in C, clang casts the value of
 * a return in a void function to void (a warning, not an error), so
 * the value returned is below that implicit cast
 */
static void returned_value(struct callback_walk *w)
{
	CXCursor value = w->found;

	if (clang_Cursor_isNull(value) ||
	    clang_getCursorKind(value) != CXCursor_UnexposedExpr ||
	    clang_getCursorType(value).kind != CXType_Void)
		return;
	w->found = clang_getNullCursor();
	clang_visitChildren(value, last_child, w);
	if (clang_Cursor_isNull(w->found))
		w->found = value;
}

static enum CXChildVisitResult first_value_return(CXCursor c, CXCursor parent,
						  CXClientData data)
{
	struct callback_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
		return CXChildVisit_Recurse;
	w->found = clang_getNullCursor();
	clang_visitChildren(c, last_child, w);
	returned_value(w);
	if (clang_Cursor_isNull(w->found) ||
	    clang_getCursorType(w->found).kind == CXType_Void) {
		w->found = clang_getNullCursor();
		return CXChildVisit_Continue;
	}
	w->found = c;
	return CXChildVisit_Break;
}

/* the statement's text as the file has it, on one line */
static char *statement_text(const struct callback_walk *w, CXCursor stmt)
{
	CXSourceRange range = clang_getCursorExtent(stmt);
	unsigned int start, end;
	CXFile file, end_file;
	struct strbuf text = STRBUF_INIT;

	clang_getSpellingLocation(clang_getRangeStart(range), &file, NULL, NULL,
				  &start);
	clang_getSpellingLocation(clang_getRangeEnd(range), &end_file, NULL,
				  NULL, &end);
	if (!file ||
	    !clang_Location_isFromMainFile(clang_getRangeStart(range)) ||
	    end < start || end > w->v->len)
		return NULL;
	lex_squeeze(&text, w->v->text + start, end - start);
	strbuf_addch(&text, ';');
	return strbuf_detach(&text, NULL);
}

/* in fn's definition, a return of a value: the first one */
static void find_value_return(struct callback_walk *w, CXCursor fn,
			      struct call_argument *ret)
{
	CXCursor stmt;
	char *path;

	if (!clang_isCursorDefinition(fn))
		return;
	w->found = clang_getNullCursor();
	clang_visitChildren(fn, first_value_return, w);
	if (clang_Cursor_isNull(w->found))
		return;
	stmt = w->found;
	path = spelling_of(stmt, &ret->line, &ret->column, NULL);
	free(path);
	clang_visitChildren(stmt, last_child, w);
	returned_value(w);
	set_type(ret, clang_getCursorType(w->found));
	ret->literal = statement_text(w, stmt);
}

/* the member's own declaration: its name, struct and type */
static void describe_member(struct callback_walk *w, struct call_analysis *call,
			    CXCursor member)
{
	struct call_argument *arg = &call->args[CALLBACK_ARG_MEMBER];
	CXCursor field = clang_getCursorReferenced(member);
	CXType type;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	arg->literal = take_string(clang_getCursorSpelling(field));
	arg->created_as = take_string(
		clang_getCursorSpelling(clang_getCursorSemanticParent(field)));
	type = clang_getCursorType(field);
	arg->type = take_string(clang_getTypeSpelling(type));
	type = clang_getPointeeType(clang_getCanonicalType(type));
	if (type.kind == CXType_FunctionProto ||
	    type.kind == CXType_FunctionNoProto)
		arg->canonical = take_string(clang_getTypeSpelling(type));
	arg->type_source = TYPE_FROM_LIBCLANG;
	call->declared_in =
		tree_relative(w->env->tree, spelling_of(field, &arg->line,
							&arg->column, NULL));
}

/* member is the occurrence of call, parent its initializer or assignment */
static void describe_record(struct callback_walk *w, struct call_analysis *call,
			    CXCursor member, CXCursor parent)
{
	struct call_argument *fn_arg = &call->args[CALLBACK_ARG_FUNCTION];
	CXCursor value, fn;
	CXType member_type;
	char *path;

	w->found = clang_getNullCursor();
	clang_visitChildren(parent, last_child, w);
	value = w->found;
	if (clang_Cursor_isNull(value) || clang_equalCursors(value, member))
		return;
	call->seen_by_libclang = 1;
	w->v->file->nr_seen++;
	describe_member(w, call, member);
	fn = given_function(w, value, call->site->local_name);
	if (clang_Cursor_isNull(fn))
		return;
	fn_arg->literal = take_string(clang_getCursorSpelling(fn));
	set_type(fn_arg, clang_getCursorType(fn));
	path = spelling_of(fn, &fn_arg->line, &fn_arg->column, NULL);
	free(path);
	member_type = clang_getCursorType(clang_getCursorReferenced(member));
	member_type = clang_getPointeeType(clang_getCanonicalType(member_type));
	if (member_type.kind != CXType_Invalid &&
	    clang_getResultType(member_type).kind == CXType_Void)
		find_value_return(w, fn, &call->args[CALLBACK_ARG_RETURN]);
}

static enum CXChildVisitResult find_members(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct callback_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct call_analysis *call;
	unsigned int offset;
	char *path;

	if (kind != CXCursor_MemberRef && kind != CXCursor_MemberRefExpr)
		return CXChildVisit_Recurse;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Recurse;
	path = spelling_of(c, NULL, NULL, &offset);
	call = path && !strcmp(path, w->abs) ? record_at(w, offset) : NULL;
	free(path);
	if (call && !call->seen_by_libclang)
		describe_record(w, call, c, parent);
	return CXChildVisit_Recurse;
}

/* one version: parsed, walked, its inclusions recorded */
static void describe_version(const struct clang_env *env, CXIndex index,
			     struct clang_variant *v, const char *abs)
{
	struct clang_text t = { abs, v->text, v->len, v->overlay };
	struct callback_walk w = { env, v, abs, NULL, { 0 }, NULL };
	char *why = NULL;

	w.tu = clang_tu_parse(env, index, &t, NULL, 0, &why);
	if (!w.tu) {
		v->file->parse_error = why;
		return;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(w.tu), find_members,
			    &w);
	if (!v->file->nr_seen)
		v->file->parse_error = clang_tu_first_error(w.tu);
	clang_tu_inclusions(env, w.tu, &v->file->deps);
	clang_disposeTranslationUnit(w.tu);
}

void clang_analyse_callbacks(const struct clang_env *env,
			     struct clang_variant *variants, size_t nr,
			     int reuse)
{
	CXIndex index = NULL;
	size_t k;
	char *abs;

	(void)reuse; /* a member's file is parsed plainly */
	if (!nr || env->lexer_only || variants[0].file->text_only ||
	    clang_loader_init())
		return;
	abs = xstrfmt("%s/%s", env->tree, variants[0].file->path);
	index = clang_createIndex(0, 0);
	for (k = 0; k < nr; k++) {
		struct clang_variant *v = &variants[k];

		v->file->nr_calls = v->nr;
		if (v->nr && !v->file->parse_error)
			describe_version(env, index, v, abs);
	}
	clang_disposeIndex(index);
	free(abs);
}

/* the migration leaves the function (callback-site.h), with a reason */
static int left_by_scan(const struct call_site *cs)
{
	return cs->reason == CALL_REASON_CALLBACK_ERROR ||
	       cs->reason == CALL_REASON_CALLBACK_CALLED ||
	       cs->reason == CALL_REASON_CALLBACK_UNDEFINED;
}

int callback_type_mismatch(const struct call_analysis *call)
{
	const struct call_argument *fn, *member;

	if (!callback_is_record(call) || left_by_scan(call->site))
		return 0; /* callback-left names a function left, with why */
	fn = &call->args[CALLBACK_ARG_FUNCTION];
	member = &call->args[CALLBACK_ARG_MEMBER];
	return call->seen_by_libclang && fn->canonical && member->canonical &&
	       member->created_as &&
	       !strcmp(member->created_as,
		       migration_callback(call->migration)->struct_name) &&
	       strcmp(fn->canonical, member->canonical);
}

const struct call_argument *
callback_value_return(const struct call_analysis *call)
{
	if (!callback_is_record(call) || !call->seen_by_libclang ||
	    !call->args[CALLBACK_ARG_RETURN].line || left_by_scan(call->site))
		return NULL;
	return &call->args[CALLBACK_ARG_RETURN];
}
