/*
 * clang-value.c - argument texts evaluated in their file's translation
 * unit (see clang-value.h): "enum { __kmigrate_value_N = (TEXT) };"
 * lines after the file's text, one a text, and libclang's value of
 * each enumerator's initializer, unless a diagnostic of error
 * severity stands on its line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang-analysis.h"
#include "clang-calls.h"
#include "clang-tu.h"
#include "clang-value.h"
#include "strbuf.h"
#include "util.h"

#define VALUE_PREFIX "__kmigrate_value_"

struct value_walk {
	struct clang_value *values;
	size_t nr;
	unsigned int first_line; /* of the appended enumerators */
	unsigned char *bad;	 /* per value: an error on its line */
};

static void evaluate(struct clang_value *v, CXCursor init)
{
	CXEvalResult result = clang_Cursor_Evaluate(init);

	if (!result)
		return;
	if (clang_EvalResult_getKind(result) == CXEval_Int) {
		v->known = 1;
		v->value = (uint64_t)clang_EvalResult_getAsLongLong(result);
	}
	clang_EvalResult_dispose(result);
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct value_walk *w = data;
	CXString name;
	const char *s;
	unsigned long n;
	char *end;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_EnumDecl)
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	name = clang_getCursorSpelling(c);
	s = clang_getCString(name);
	if (s && !strncmp(s, VALUE_PREFIX, strlen(VALUE_PREFIX))) {
		n = strtoul(s + strlen(VALUE_PREFIX), &end, 10);
		if (!*end && n < w->nr && !w->bad[n]) {
			CXCursor init = clang_getNullCursor();

			clang_visitChildren(c, first_child, &init);
			if (!clang_Cursor_isNull(init))
				evaluate(&w->values[n], init);
		}
	}
	clang_disposeString(name);
	return CXChildVisit_Continue;
}

/* an error on the line of an appended enumerator marks its value bad */
static void mark_errors(CXTranslationUnit tu, struct value_walk *w)
{
	unsigned int i, n = clang_getNumDiagnostics(tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation at = clang_getDiagnosticLocation(d);
		unsigned int line;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		    clang_Location_isFromMainFile(at)) {
			clang_getExpansionLocation(at, NULL, &line, NULL, NULL);
			if (line >= w->first_line &&
			    line - w->first_line < w->nr)
				w->bad[line - w->first_line] = 1;
		}
		clang_disposeDiagnostic(d);
	}
}

/* the file's text and one enumerator line per value */
static unsigned int append_values(struct strbuf *out, const char *text,
				  size_t len, const struct clang_value *values,
				  size_t nr)
{
	unsigned int lines = 1;
	size_t i;

	strbuf_add(out, text, len);
	for (i = 0; i < len; i++)
		lines += text[i] == '\n';
	if (len && text[len - 1] != '\n') {
		strbuf_addch(out, '\n');
		lines++;
	}
	for (i = 0; i < nr; i++) {
		const char *t = values[i].text;

		/* a newline in the text would move the lines after it */
		strbuf_addf(out, "enum { " VALUE_PREFIX "%zu = (", i);
		for (; *t; t++)
			strbuf_addch(out, *t == '\n' ? ' ' : *t);
		strbuf_addstr(out, ") };\n");
	}
	return lines;
}

int clang_values_of_file(const struct clang_env *env, const char *path,
			 const char *text, size_t len,
			 struct clang_value *values, size_t nr,
			 struct strlist *deps, char **why)
{
	struct strbuf all = STRBUF_INIT;
	struct value_walk w = { values, nr, 0, NULL };
	char *abs = xstrfmt("%s/%s", env->tree, path);
	struct clang_text t = { abs, NULL, 0, NULL };
	CXTranslationUnit tu = NULL;
	CXIndex index;

	*why = NULL;
	if (clang_loader_init()) {
		*why = xstrdup("libclang could not be loaded");
		free(abs);
		return -1;
	}
	w.first_line = append_values(&all, text, len, values, nr);
	w.bad = xcalloc(nr + 1, 1);
	t.text = all.buf;
	t.len = all.len;
	index = clang_createIndex(0, 0);
	tu = clang_tu_parse(env, index, &t, NULL, 0, why);
	if (tu) {
		mark_errors(tu, &w);
		if (deps)
			clang_tu_inclusions(env, tu, deps);
		clang_visitChildren(clang_getTranslationUnitCursor(tu), visit,
				    &w);
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(index);
	free(w.bad);
	strbuf_release(&all);
	free(abs);
	return tu ? 0 : -1;
}
