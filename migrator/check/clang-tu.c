/*
 * clang-tu.c - parsing and reparsing one file's texts with libclang, and
 * what a unit says beyond its cursors (see clang-tu.h).
 *
 * Contract: every function takes the unit it is given and leaves it to
 * the caller; libclang's unsaved files are built per call from the
 * environment's, the overlay's and the text's own, the text last, so a
 * path given twice is read as the text has it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang-analysis.h"
#include "clang-calls.h"
#include "clang-tu.h"
#include "fork-tasks.h"
#include "strbuf.h"
#include "tree-overlay.h"
#include "util.h"

/* a reusable unit: a preamble, its headers' function bodies skipped */
#define REUSABLE_FLAGS                                  \
	(CXTranslationUnit_PrecompiledPreamble |        \
	 CXTranslationUnit_CreatePreambleOnFirstParse | \
	 CXTranslationUnit_SkipFunctionBodies |         \
	 CXTranslationUnit_LimitSkipFunctionBodiesToPreamble)

struct unsaved_set {
	struct CXUnsavedFile *files;
	size_t nr, alloc;
	struct strlist paths; /* the overlay's, absolute */
};

static void add_unsaved(struct unsaved_set *set, const char *path,
			const char *text, size_t len)
{
	struct CXUnsavedFile *f;

	ALLOC_GROW(set->files, set->nr + 1, set->alloc);
	f = &set->files[set->nr++];
	f->Filename = path;
	f->Contents = text;
	f->Length = (unsigned long)len;
}

/* the environment's files, the overlay's, then the text itself */
static void unsaved_set_init(struct unsaved_set *set,
			     const struct clang_env *env,
			     const struct clang_text *t)
{
	const struct tree_overlay *ov = t->overlay;
	size_t i, k = 0;

	memset(set, 0, sizeof(*set));
	strlist_init(&set->paths);
	for (i = 0; ov && i < ov->nr; i++)
		if (!ov->files[i].removed)
			strlist_pushf(&set->paths, "%s/%s", env->tree,
				      ov->files[i].path);
	for (i = 0; i < env->unsaved.nr; i++) {
		const char *text = env->unsaved.items[i].util;

		if (strcmp(env->unsaved.items[i].string, t->abs))
			add_unsaved(set, env->unsaved.items[i].string, text,
				    strlen(text));
	}
	for (i = 0; ov && i < ov->nr; i++) {
		const struct overlay_file *f = &ov->files[i];
		const char *abs;

		if (f->removed)
			continue;
		abs = set->paths.items[k++].string;
		if (strcmp(abs, t->abs))
			add_unsaved(set, abs, f->text.buf, f->text.len);
	}
	add_unsaved(set, t->abs, t->text, t->len);
}

static void unsaved_set_release(struct unsaved_set *set)
{
	free(set->files);
	strlist_clear(&set->paths, 0);
}

/* why libclang's error err failed the parse */
static char *parse_failure(const struct clang_env *env, int err)
{
	if (err == CXError_Crashed && env->max_memory &&
	    fork_task_memory_capped())
		return xstrfmt("libclang crashed parsing it (error %d), or "
			       "needed more than the %zu MiB a parse may use "
			       "(%s)",
			       err, env->max_memory >> 20, CLANG_MEMORY_ENV);
	return xstrfmt("the parse failed (libclang error %d)", err);
}

CXTranslationUnit clang_tu_parse(const struct clang_env *env, CXIndex index,
				 const struct clang_text *t,
				 const struct strlist *defines, int reusable,
				 char **why)
{
	struct strlist args = STRLIST_INIT;
	struct unsaved_set set;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode err;
	unsigned int flags = CXTranslationUnit_KeepGoing;
	size_t i;

	clang_env_file_args(env, t->abs, &args);
	strlist_push(&args, "-w");
	strlist_push(&args, "-ferror-limit=0");
	for (i = 0; defines && i < defines->nr; i++)
		strlist_pushf(&args, "-D%s=1", defines->items[i].string);
	if (reusable)
		flags |= REUSABLE_FLAGS;
	unsaved_set_init(&set, env, t);
	err = clang_parseTranslationUnit2(
		index, t->abs, (const char *const *)strlist_argv(&args),
		(int)args.nr, set.files, (unsigned int)set.nr, flags, &tu);
	if (err != CXError_Success || !tu) {
		free(*why);
		*why = parse_failure(env, (int)err);
		tu = NULL;
	}
	unsaved_set_release(&set);
	strlist_clear(&args, 0);
	return tu;
}

int clang_tu_reparse(const struct clang_env *env, CXTranslationUnit tu,
		     const struct clang_text *t, char **why)
{
	struct unsaved_set set;
	int err;

	unsaved_set_init(&set, env, t);
	err = clang_reparseTranslationUnit(tu, (unsigned int)set.nr, set.files,
					   CXReparse_None);
	unsaved_set_release(&set);
	if (!err)
		return 0;
	free(*why);
	*why = parse_failure(env, err);
	return -1;
}

char *clang_tu_first_error(CXTranslationUnit tu)
{
	unsigned int i, n = clang_getNumDiagnostics(tu);
	char *why = NULL;

	for (i = 0; i < n && !why; i++) {
		CXDiagnostic diag = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error) {
			CXString text = clang_getDiagnosticSpelling(diag);
			unsigned int line, column;

			clang_getSpellingLocation(
				clang_getDiagnosticLocation(diag), NULL, &line,
				&column, NULL);
			why = xstrfmt("%u:%u: %s", line, column,
				      clang_getCString(text));
			clang_disposeString(text);
		}
		clang_disposeDiagnostic(diag);
	}
	return why;
}

void clang_tu_undeclared_configs(CXTranslationUnit tu, struct strlist *names,
				 size_t max)
{
	static const char key[] = "use of undeclared identifier '";
	unsigned int i, n = clang_getNumDiagnostics(tu);

	for (i = 0; i < n && names->nr < max; i++) {
		CXDiagnostic diag = clang_getDiagnostic(tu, i);
		CXString text = clang_getDiagnosticSpelling(diag);
		const char *p = strstr(clang_getCString(text), key);
		size_t len;

		if (p && !strncmp(p + strlen(key), "CONFIG_", 7)) {
			p += strlen(key);
			for (len = 0; is_c_ident_char(p[len]); len++)
				;
			if (p[len] == '\'') {
				char *name = xstrndup(p, len);

				if (strlist_find(names, name) < 0)
					strlist_push(names, name);
				free(name);
			}
		}
		clang_disposeString(text);
		clang_disposeDiagnostic(diag);
	}
}

struct inclusions {
	const struct clang_env *env;
	char *scratch; /* the process's scratch for all environments */
	struct strlist *deps;
};

/* path below root, or NULL */
static const char *below(const char *path, const char *root)
{
	size_t len = root ? strlen(root) : 0;

	if (!len || strncmp(path, root, len) || path[len] != '/')
		return NULL;
	return path + len + 1;
}

static void add_inclusion(CXFile file, CXSourceLocation *stack,
			  unsigned int depth, CXClientData data)
{
	struct inclusions *inc = data;
	CXString name;
	const char *path, *rel;
	char *real = NULL;

	(void)stack;
	if (!depth) /* the file itself */
		return;
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (path && below(path, inc->scratch))
		path = real = realpath(path, NULL); /* an asm link */
	rel = path ? below(path, inc->env->tree) : NULL;
	if (!rel && path && path[0] == '/' && !below(path, inc->scratch))
		rel = path; /* libclang's own, a build directory's */
	if (rel && strlist_find(inc->deps, rel) < 0)
		strlist_push(inc->deps, rel);
	free(real);
	clang_disposeString(name);
}

void clang_tu_inclusions(const struct clang_env *env, CXTranslationUnit tu,
			 struct strlist *deps)
{
	struct inclusions inc = { env, NULL, deps };
	const char *slash = env->scratch ? strrchr(env->scratch, '/') : NULL;

	if (slash)
		inc.scratch = xstrndup(env->scratch, slash - env->scratch);
	clang_getInclusions(tu, add_inclusion, &inc);
	free(inc.scratch);
}

/* a character of *line begins '#', "%:" or "??=" */
static int has_hash(const char *line, const char *end)
{
	for (; line < end; line++)
		if (*line == '#' ||
		    (line + 1 < end && line[0] == '%' && line[1] == ':') ||
		    (line + 2 < end && line[0] == '?' && line[1] == '?' &&
		     line[2] == '='))
			return 1;
	return 0;
}

/*
 * The next line from *at that may be the preprocessor's: one with a
 * '#' (a directive, or text that only looks like one), or a line that
 * continues such a line; NULL at the end
 */
static const char *preprocessor_line(const char **at, const char *end,
				     int *continued, size_t *len)
{
	while (*at < end) {
		const char *line = *at, *nl = memchr(line, '\n', end - line);
		const char *stop = nl ? nl : end, *last = stop;
		int mine = *continued || has_hash(line, stop);

		*at = nl ? nl + 1 : end;
		if (last > line && last[-1] == '\r')
			last--;
		*continued = mine && last > line && last[-1] == '\\';
		if (mine) {
			*len = stop - line;
			return line;
		}
	}
	return NULL;
}

static int same_preprocessor_lines(const struct clang_text *a,
				   const struct clang_text *b)
{
	const char *pa = a->text, *pb = b->text, *la, *lb;
	int ca = 0, cb = 0;
	size_t na, nb;

	do {
		la = preprocessor_line(&pa, a->text + a->len, &ca, &na);
		lb = preprocessor_line(&pb, b->text + b->len, &cb, &nb);
		if (!la || !lb)
			return !la && !lb;
	} while (na == nb && !memcmp(la, lb, na));
	return 0;
}

/*
 * Every file of from's overlay reads the same through other's, but for
 * the text itself (path) and a source file neither text includes
 */
static int overlay_agrees(const struct tree_overlay *from,
			  const struct tree_overlay *other, const char *path,
			  const struct strlist *included)
{
	size_t i, len;

	for (i = 0; from && i < from->nr; i++) {
		const char *name = from->files[i].path;

		len = strlen(name);
		if (!strcmp(name, path) ||
		    (len > 2 && !strcmp(name + len - 2, ".c") &&
		     strlist_find(included, name) < 0))
			continue;
		if (!tree_overlay_same(from, other, name))
			return 0;
	}
	return 1;
}

static int same_inclusions(const struct clang_env *env,
			   const struct clang_inclusions *known,
			   const struct clang_text *t)
{
	const struct clang_text *was = &known->of;
	const char *path = below(t->abs, env->tree);
	size_t i;

	if (!was->abs || !path || strcmp(was->abs, t->abs) ||
	    !same_preprocessor_lines(was, t))
		return 0;
	for (i = 0; i < known->paths.nr; i++) {
		const char *dep = known->paths.items[i].string;

		if (dep[0] != '/' &&
		    !tree_overlay_same(was->overlay, t->overlay, dep))
			return 0;
	}
	return overlay_agrees(was->overlay, t->overlay, path, &known->paths) &&
	       overlay_agrees(t->overlay, was->overlay, path, &known->paths);
}

void clang_tu_inclusions_of(const struct clang_env *env, CXTranslationUnit tu,
			    const struct clang_text *t,
			    struct clang_inclusions *known,
			    struct strlist *deps)
{
	size_t i;

	if (!same_inclusions(env, known, t)) {
		strlist_clear(&known->paths, 0);
		clang_tu_inclusions(env, tu, &known->paths);
	}
	known->of = *t;
	for (i = 0; i < known->paths.nr; i++)
		if (strlist_find(deps, known->paths.items[i].string) < 0)
			strlist_push(deps, known->paths.items[i].string);
}

void clang_inclusions_release(struct clang_inclusions *known)
{
	strlist_clear(&known->paths, 0);
	known->of.abs = NULL;
}
